/**
 * A typed date, day first (23/11/2026, 23-11-2026, 23.11.26, 2311 2026...), as YYYY-MM-DD;
 * null when it is not a calendar date. A two-digit year is 20YY. ISO input passes through.
 */
export function parseItalianDate(input: string): string | null {
  const s = input.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  const it = /^(\d{1,2})[/.\-\s](\d{1,2})[/.\-\s](\d{2}|\d{4})$/.exec(s);
  let y: number, m: number, d: number;
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (it) [d, m, y] = [Number(it[1]), Number(it[2]), it[3]!.length === 2 ? 2000 + Number(it[3]) : Number(it[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
