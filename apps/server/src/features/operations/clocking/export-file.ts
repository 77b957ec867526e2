import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { formatDay, formatMinutes, type ClockingAnomaly } from '@fs/contract';
import { contentDisposition } from '../../../platform/http/content-disposition.js';
import { CSV_OPTIONS, csvCell } from '../../../platform/http/csv-cell.js';
import { primed, streamOf } from '../../../platform/http/streams.js';
import type { ClockingExport, ClockingLine } from './export.js';

/**
 * The two files of the clockings (decision 0045), streamed as the lines are read: the XLSX of travel and
 * allowances (durations as numbers of days formatted [h]:mm, so sums are right; days as date cells; a totals
 * row per technician; a second sheet with every day that earns the allowance) and the CSV with the same
 * columns (`;`, UTF-8 with BOM, Italian decimals, durations as h:mm). Text cells go through `csvCell`: none
 * can start a formula.
 */

type Lang = 'it' | 'en';
/** A cell: text, a number, a company day, a duration in minutes, money (dot decimal). */
type Cell = string | number | { day: string } | { minutes: number } | { money: string } | null;

const HEADERS: Record<Lang, string[]> = {
  it: [
    'Tecnico',
    'Giorno',
    'Tipo',
    'Entrata',
    'Uscita',
    'Entrata corretta',
    'Uscita corretta',
    'Entrata calcolata',
    'Uscita calcolata',
    'Lavoro (ore)',
    'Viaggio (ore)',
    'Cliente',
    'Km',
    'Giorni di trasferta',
    'Indennità di trasferta (€)',
    'Anomalie',
  ],
  en: [
    'Technician',
    'Day',
    'Kind',
    'In',
    'Out',
    'In (corrected)',
    'Out (corrected)',
    'In (calculated)',
    'Out (calculated)',
    'Work (hours)',
    'Travel (hours)',
    'Customer',
    'Km',
    'Allowance days',
    'Daily allowance (€)',
    'Anomalies',
  ],
};
const KINDS: Record<Lang, Record<'LAVORO' | 'ANDATA' | 'RITORNO' | 'TRASFERTA' | 'TOTALE', string>> = {
  it: {
    LAVORO: 'Lavoro',
    ANDATA: 'Viaggio andata',
    RITORNO: 'Viaggio ritorno',
    TRASFERTA: 'Trasferta',
    TOTALE: 'Totale',
  },
  en: { LAVORO: 'Work', ANDATA: 'Outward travel', RITORNO: 'Return travel', TRASFERTA: 'Travel day', TOTALE: 'Total' },
};
const ANOMALIES: Record<Lang, Record<ClockingAnomaly, string>> = {
  it: {
    APERTA: 'Uscita mancante',
    SOVRAPPOSTA: 'Sovrapposta',
    GIORNO_OLTRE_12_ORE: 'Giorno oltre 12 ore',
    POSIZIONE_NON_VALIDA: 'Posizione non valida',
  },
  en: {
    APERTA: 'Missing exit',
    SOVRAPPOSTA: 'Overlapping',
    GIORNO_OLTRE_12_ORE: 'Day over 12 hours',
    POSIZIONE_NON_VALIDA: 'Position not valid',
  },
};
const SHEETS: Record<Lang, [string, string, string[]]> = {
  it: ['Timbrature', 'Trasferte', ['Tecnico', 'Giorno', 'Indennità (€)']],
  en: ['Clockings', 'Allowances', ['Technician', 'Day', 'Allowance (€)']],
};

/** HH:MM on the company's clock; with the day (DD/MM) when it is not the record's day (across midnight). */
function timeOf(wall: string | null, giorno: string): string | null {
  if (!wall) return null;
  const time = wall.slice(11, 16);
  return wall.startsWith(giorno) ? time : `${time} (${wall.slice(8, 10)}/${wall.slice(5, 7)})`;
}

function cellsOf(line: ClockingLine, lang: Lang): Cell[] {
  if (line.kind === 'total')
    return [
      line.tecnico,
      null,
      KINDS[lang].TOTALE,
      null,
      null,
      null,
      null,
      null,
      null,
      { minutes: line.lavoroMinuti },
      { minutes: line.viaggioMinuti },
      null,
      null,
      line.giorniTrasferta,
      { money: line.importoTrasferte },
      line.anomalie,
    ];
  if (line.kind === 'allowance')
    return [
      line.tecnico,
      { day: line.giorno },
      KINDS[lang].TRASFERTA,
      ...Array<null>(10).fill(null),
      1,
      { money: line.allowance },
      null,
    ];
  const r = line.row;
  const t = (k: keyof typeof r.wall) => timeOf(r.wall[k], r.giorno);
  const minutes = r.minuti === null ? null : { minutes: r.minuti };
  return [
    line.tecnico,
    { day: r.giorno },
    KINDS[lang][r.tipo],
    t('start'),
    t('end'),
    t('startCorretta'),
    t('endCorretta'),
    t('startCalcolata'),
    t('endCalcolata'),
    r.tipo === 'LAVORO' ? minutes : null,
    r.tipo === 'LAVORO' ? null : minutes,
    r.cliente,
    r.km === null ? null : Number(r.km),
    line.allowance ? 1 : null,
    line.allowance ? { money: line.allowance } : null,
    line.anomalies.map((a) => ANOMALIES[lang][a]).join(', ') || null,
  ];
}

const isObj = (c: Cell): c is Exclude<Cell, string | number | null> => typeof c === 'object' && c !== null;

function csvText(c: Cell): string {
  if (c === null) return '';
  if (typeof c === 'number') return String(c).replace('.', ',');
  if (typeof c === 'string') return csvCell(c);
  if ('day' in c) return formatDay(c.day);
  if ('minutes' in c) return formatMinutes(c.minutes);
  return c.money.replace('.', ',');
}

const DAY_FORMAT = 'dd/mm/yyyy';
const DURATION_FORMAT = '[h]:mm';
const MONEY_FORMAT = '#,##0.00';

/** The XLSX value of a cell and its number format. */
function xlsxOf(c: Cell): { value: string | number | Date | null; numFmt?: string } {
  if (!isObj(c)) return { value: typeof c === 'string' ? csvCell(c) : c };
  // A date cell is days since 1900 counted in UTC (exceljs): the day's UTC midnight is that day.
  if ('day' in c) return { value: new Date(`${c.day}T00:00:00Z`), numFmt: DAY_FORMAT };
  // A duration is a fraction of a day: [h]:mm shows hours past 24 and sums stay right.
  if ('minutes' in c) return { value: c.minutes / 1440, numFmt: DURATION_FORMAT };
  return { value: Number(c.money), numFmt: MONEY_FORMAT };
}

async function* csvRows(x: ClockingExport, lang: Lang): AsyncGenerator<string[]> {
  yield HEADERS[lang].map(csvCell);
  for await (const line of x.lines) yield cellsOf(line, lang).map(csvText);
}

async function writeXlsx(x: ClockingExport, lang: Lang, out: PassThrough): Promise<void> {
  // exceljs costs about a second to load: loaded with the first spreadsheet, not at start.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const [main, second, secondHeaders] = SHEETS[lang];
  const sheet = book.addWorksheet(main, { views: [{ state: 'frozen', ySplit: 1 }] });
  const header = sheet.addRow(HEADERS[lang]);
  header.font = { bold: true };
  header.commit();
  for await (const line of x.lines) {
    const cells = cellsOf(line, lang).map(xlsxOf);
    const row = sheet.addRow(cells.map((c) => c.value));
    cells.forEach((c, i) => {
      if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
    });
    if (line.kind === 'total') row.font = { bold: true };
    row.commit();
  }
  sheet.commit();
  // Every day that earns the allowance (at most a row per technician and day of the range).
  const days = book.addWorksheet(second, { views: [{ state: 'frozen', ySplit: 1 }] });
  const h = days.addRow(secondHeaders);
  h.font = { bold: true };
  h.commit();
  for (const a of x.allowances) {
    const row = days.addRow([csvCell(a.tecnico), new Date(`${a.giorno}T00:00:00Z`), Number(a.importo)]);
    row.getCell(2).numFmt = DAY_FORMAT;
    row.getCell(3).numFmt = MONEY_FORMAT;
    row.commit();
  }
  days.commit();
  await book.commit();
}

/**
 * Sends an export: the first line is read before the headers go out (a query the database refuses answers its
 * error status, not a broken file); an error later ends the download and is logged (streams.ts).
 */
export async function sendClockingExport(
  reply: FastifyReply,
  x: ClockingExport,
  format: 'csv' | 'xlsx',
  language: string,
): Promise<FastifyReply> {
  const lang: Lang = language.toLowerCase() === 'it' ? 'it' : 'en';
  const ready: ClockingExport = { ...x, lines: await primed(x.lines) };
  const fileName = `${format === 'csv' ? 'timbrature' : 'trasferte'}-${x.from}-${x.to}.${format}`;
  reply
    .header('content-disposition', contentDisposition('attachment', fileName))
    .header('x-content-type-options', 'nosniff');
  if (format === 'csv') {
    const { stringify } = await import('csv-stringify');
    const csv = stringify(CSV_OPTIONS);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .send(streamOf(reply.log, fileName, csvRows(ready, lang), csv));
  }
  const out = new PassThrough();
  writeXlsx(ready, lang, out).catch((err: unknown) => {
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .send(streamOf(reply.log, fileName, out));
}
