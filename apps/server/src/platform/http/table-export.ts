import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { formatDay } from '@fs/contract';
import { contentDisposition } from './content-disposition.js';
import { CSV_OPTIONS, csvCell } from './csv-cell.js';
import { primed, streamOf } from './streams.js';

/**
 * A list exported as the user filtered it, CSV or XLSX, streamed as rows are read (never the
 * whole file in memory). Text cells go through `csvCell` (no cell can start a formula); numbers
 * are numbers in XLSX and Italian decimals ("12,50") in CSV, whose `;` separator and BOM are what
 * an Italian Excel opens directly; dates are days of the company's calendar (cut from an instant
 * with its time zone by the caller: `exportDay(dayIn(at, actor.timezone))`), DD/MM/YYYY in CSV and
 * a date cell in XLSX, the same day whatever the server's zone.
 */
export type ExportFormat = 'csv' | 'xlsx';
/** A calendar day (YYYY-MM-DD) in an export. */
export interface ExportDay {
  day: string;
}
export type ExportCell = string | number | ExportDay | null;

export const exportDay = (day: string): ExportDay => ({ day });
const isDay = (c: ExportCell): c is ExportDay => typeof c === 'object' && c !== null;

export interface TableExport {
  format: ExportFormat;
  /** File name without extension. */
  name: string;
  headers: string[];
  rows: AsyncIterable<ExportCell[]>;
}

function csvText(c: ExportCell): string {
  if (c === null) return '';
  if (typeof c === 'number') return String(c).replace('.', ',');
  if (isDay(c)) return formatDay(c.day);
  return csvCell(c);
}

/** XLSX stores a date as days since 1900 counted in UTC (exceljs): the day's UTC midnight is that day. */
function xlsxValue(c: ExportCell): string | number | Date | null {
  if (isDay(c)) return new Date(`${c.day}T00:00:00Z`);
  return typeof c === 'string' ? csvCell(c) : c;
}

async function* csvRows(t: TableExport): AsyncGenerator<string[]> {
  yield t.headers.map(csvCell);
  for await (const row of t.rows) yield row.map(csvText);
}

/** Writes the workbook into `out` row by row (exceljs' streaming writer commits each row). */
async function writeXlsx(t: TableExport, out: PassThrough): Promise<void> {
  // exceljs costs about a second to load: loaded with the first spreadsheet, not at start.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(t.name.slice(0, 31) || 'Export', { views: [{ state: 'frozen', ySplit: 1 }] });
  const header = sheet.addRow(t.headers.map(csvCell));
  header.font = { bold: true };
  header.commit();
  for await (const row of t.rows) {
    const r = sheet.addRow(row.map(xlsxValue));
    row.forEach((c, i) => {
      if (isDay(c)) r.getCell(i + 1).numFmt = 'dd/mm/yyyy';
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
    const { stringify } = await import('csv-stringify');
    const csv = stringify(CSV_OPTIONS);
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
