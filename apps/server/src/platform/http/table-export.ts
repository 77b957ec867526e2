import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from './content-disposition.js';
import { csvCell } from './csv-cell.js';
import { primed, streamOf } from './streams.js';

/**
 * A list exported as the user filtered it, CSV or XLSX, streamed as rows are read (never the
 * whole file in memory). Text cells go through `csvCell` (no cell can start a formula); numbers
 * are numbers in XLSX and Italian decimals ("12,50") in CSV, whose `;` separator and BOM are what
 * an Italian Excel opens directly; dates are DD/MM/YYYY.
 */
export type ExportFormat = 'csv' | 'xlsx';
export type ExportCell = string | number | Date | null;

export interface TableExport {
  format: ExportFormat;
  /** File name without extension. */
  name: string;
  headers: string[];
  rows: AsyncIterable<ExportCell[]>;
}

const italianDate = (d: Date) =>
  `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;

function csvText(c: ExportCell): string {
  if (c === null) return '';
  if (typeof c === 'number') return String(c).replace('.', ',');
  if (c instanceof Date) return italianDate(c);
  return csvCell(c);
}

function xlsxValue(c: ExportCell): string | number | Date | null {
  return typeof c === 'string' ? csvCell(c) : c;
}

async function* csvRows(t: TableExport): AsyncGenerator<string[]> {
  yield t.headers.map(csvCell);
  for await (const row of t.rows) yield row.map(csvText);
}

/** Writes the workbook into `out` row by row (exceljs' streaming writer commits each row). */
async function writeXlsx(t: TableExport, out: PassThrough): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(t.name.slice(0, 31) || 'Export', { views: [{ state: 'frozen', ySplit: 1 }] });
  const header = sheet.addRow(t.headers.map(csvCell));
  header.font = { bold: true };
  header.commit();
  for await (const row of t.rows) {
    const r = sheet.addRow(row.map(xlsxValue));
    row.forEach((c, i) => {
      if (c instanceof Date) r.getCell(i + 1).numFmt = 'dd/mm/yyyy';
    });
    r.commit();
  }
  sheet.commit();
  await book.commit();
}

/**
 * Sends the export: the first rows are read before the headers go out (a query the database refuses
 * answers its error status, not a broken file); an error later ends the download and is logged.
 */
export async function sendTableExport(reply: FastifyReply, t: TableExport): Promise<FastifyReply> {
  const rows = await primed(t.rows);
  const table: TableExport = { ...t, rows };
  const fileName = `${t.name}.${t.format}`;
  reply
    .header('content-disposition', contentDisposition('attachment', fileName))
    .header('x-content-type-options', 'nosniff');
  if (t.format === 'csv') {
    const csv = stringify({ delimiter: ';', bom: true, record_delimiter: 'windows' });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .send(streamOf(reply.log, fileName, csvRows(table), csv));
  }
  const out = new PassThrough();
  writeXlsx(table, out).catch((err: unknown) => {
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .send(streamOf(reply.log, fileName, out));
}
