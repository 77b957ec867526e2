/**
 * Coordinates typed or pasted by hand: decimal degrees with a dot or an Italian comma
 * ("45,4642"), or both at once as copied from a map ("45.4642, 9.1900" or "45,4642 9,19").
 */
export function parseDegrees(text: string): number | null {
  const v = text.trim().replace(',', '.');
  if (!/^[+-]?\d{1,3}(\.\d+)?$/.test(v)) return null;
  return Number(v);
}

/** A latitude and longitude pasted together into one field, or null when the text is not such a pair. */
export function parsePair(text: string): { latitude: string; longitude: string } | null {
  // Separated by a semicolon, a comma and a space, or spaces: "45,46" alone is one number with a decimal comma.
  const m = text.trim().match(/^([+-]?\d{1,2}(?:[.,]\d+)?)(?:\s*;\s*|,\s+|\s+)([+-]?\d{1,3}(?:[.,]\d+)?)$/);
  if (!m) return null;
  const [lat, lon] = [parseDegrees(m[1]!), parseDegrees(m[2]!)];
  if (lat === null || lon === null || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { latitude: m[1]!, longitude: m[2]! };
}

export type DegreesError = 'required' | 'invalid' | 'range';

/** What is wrong with a latitude (limit 90) or longitude (limit 180), or null. */
export function degreesError(text: string, limit: 90 | 180): DegreesError | null {
  if (!text.trim()) return 'required';
  const v = parseDegrees(text);
  if (v === null) return 'invalid';
  return Math.abs(v) > limit ? 'range' : null;
}
