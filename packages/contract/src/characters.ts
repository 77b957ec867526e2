/**
 * The one rule for characters in text (issue 22): no text of the product holds a character that
 * PostgreSQL refuses (NUL) or that XML 1.0 forbids (the Danea EasyFatt file, FatturaPA): the C0
 * control characters other than tab, line feed and carriage return, the noncharacters U+FFFE and
 * U+FFFF, and halves of surrogate pairs standing alone. The API refuses them in any string of a
 * body, query or path (400 naming the field); the CSV import refuses the row, saying which column.
 */
const FORBIDDEN_SOURCE =
  '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const FORBIDDEN = new RegExp(FORBIDDEN_SOURCE);
const FORBIDDEN_ALL = new RegExp(FORBIDDEN_SOURCE, 'g');

/** The first forbidden character of a text, named (`NUL`, `U+000B`), or null. */
export function forbiddenCharacter(text: string): string | null {
  const m = FORBIDDEN.exec(text);
  if (!m) return null;
  const code = m[0].charCodeAt(0);
  return code === 0 ? 'NUL' : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** What a field with a forbidden character is told (after its name). */
export const forbiddenCharacterMessage = (name: string) => `contiene un carattere non ammesso (${name})`;

/** The text with each forbidden character replaced (dropped by default: what a writer of XML keeps of old data). */
export function withoutForbiddenCharacters(text: string, replacement = ''): string {
  return text.replace(FORBIDDEN_ALL, replacement);
}
