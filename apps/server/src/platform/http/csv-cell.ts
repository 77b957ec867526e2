/**
 * Spreadsheet formula injection: a cell that begins with `=`, `+`, `-`, `@`, a tab or a
 * carriage return is run as a formula by Excel, LibreOffice and Google Sheets when the file
 * is opened. Every CSV and XLSX cell the product writes goes through `csvCell`, which puts
 * an apostrophe in front of such a value (the OWASP advice): the spreadsheet shows the text
 * as typed and runs nothing. Numbers the product writes itself are not user text and are
 * passed as they are by the callers.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvRow(values: readonly string[]): string[] {
  return values.map(csvCell);
}

/**
 * The value `csvCell` neutralised, as typed: an apostrophe before a formula's first character is
 * taken away (the CSV import reads the product's own exports back unchanged, decision 0047).
 */
export function csvCellValue(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/**
 * How every CSV the product writes is laid out: `;` (what an Italian Excel splits on), a BOM (so it reads UTF-8),
 * CRLF between records, and a cell with a line break quoted even when the break is a bare LF or CR, which
 * csv-stringify would otherwise write as is with CRLF records (a note of two lines would split its record).
 */
export const CSV_OPTIONS = {
  delimiter: ';',
  bom: true,
  record_delimiter: 'windows',
  quoted_match: /[\r\n]/,
} as const;
