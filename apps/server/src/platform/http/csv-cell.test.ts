import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { CSV_OPTIONS, csvCell, csvCellValue } from './csv-cell.js';

describe('the CSV layout of every export', () => {
  it('keeps a cell with a bare LF, a bare CR or CRLF in its record', () => {
    const rows = [
      ['nota', 'città'],
      ['prima riga\nseconda riga', 'Torino'],
      ['a\rb', 'Milano'],
      ['x\r\ny', 'Roma; centro'],
    ];
    const text = stringify(rows, CSV_OPTIONS);
    expect(text.startsWith('\uFEFF')).toBe(true);
    // Quoted, so a reader splitting records on any line break (Excel does) keeps each cell whole.
    expect(text).toContain('"prima riga\nseconda riga";Torino\r\n');
    expect(text).toContain('"a\rb";Milano\r\n');
    const back = parse(text, { delimiter: ';', bom: true, record_delimiter: '\r\n' }) as string[][];
    expect(back).toEqual(rows);
  });

  it('neutralises a formula and reads it back as typed', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCellValue(csvCell('=1+1'))).toBe('=1+1');
    expect(csvCell('Rossi')).toBe('Rossi');
  });
});
