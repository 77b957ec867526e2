import { PassThrough, Readable } from 'node:stream';
import { formatDay, type DataExportFormat } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import { CSV_OPTIONS, csvCell } from '../../../platform/http/csv-cell.js';
import { importColumns, PRICE_COLUMN, type ExportFile } from './entities.js';
import * as repo from './repo.js';

/** Rows read per query (keyset batches: memory stays flat whatever the table's size). */
export const BATCH_ROWS = 1000;
/** Rows of one XLSX sheet at most (Excel's limit less the header): a longer table goes on to `<name>_2`. */
export const SHEET_ROWS = 1_048_575;

/** Columns never written: the company (the same on every row) and the search helpers. */
const NEVER = new Set(['azienda_id', 'search_text']);
const NUMERIC = new Set(['numeric', 'integer', 'bigint', 'smallint', 'double precision', 'real']);
type Kind = 'number' | 'day' | 'text';

export interface PlannedFile {
  file: ExportFile;
  columns: repo.TableColumn[];
  kinds: Kind[];
  key: string[];
  rows: number;
}

/** Each file's columns (prices only with the prices permission) and row count. */
export async function planFiles(
  db: DbOrTx,
  aziendaId: string,
  files: readonly ExportFile[],
  prices: boolean,
): Promise<PlannedFile[]> {
  const out: PlannedFile[] = [];
  for (const file of files) {
    const shape = await repo.tableShape(db, file.table);
    if (!shape.columns.some((c) => c.name === 'azienda_id') || shape.key.length === 0)
      throw new Error(`export: table ${file.table} has no company column or no primary key`);
    let columns = shape.columns.filter((c) => !NEVER.has(c.name));
    // A chosen set of columns is written in its own order (the tables' order differs between databases migrated apart).
    if (file.only) columns = file.only.map((n) => columns.find((c) => c.name === n)!).filter(Boolean);
    if (file.importTable) {
      // The import's fields first, in its order, then the table's other columns (the import ignores them).
      const first = importColumns(file.importTable);
      const byName = new Map(columns.map((c) => [c.name, c]));
      columns = [...first.map((n) => byName.get(n)!), ...columns.filter((c) => !first.includes(c.name))];
    }
    if (!prices) columns = columns.filter((c) => !PRICE_COLUMN.test(c.name));
    out.push({
      file,
      columns,
      kinds: columns.map((c) => (NUMERIC.has(c.type) ? 'number' : c.type === 'date' ? 'day' : 'text')),
      key: shape.key,
      rows: await repo.countRows(db, file.table, aziendaId),
    });
  }
  return out;
}

/** A file's rows as stored texts, batch by batch; `onBatch` is told each batch's size. */
async function* storedRows(
  db: DbOrTx,
  aziendaId: string,
  p: PlannedFile,
  onBatch: (n: number) => Promise<void>,
): AsyncGenerator<(string | null)[]> {
  let after: string[] | null = null;
  for (;;) {
    const batch = await repo.rowsAfter(db, p.file.table, aziendaId, p.columns, p.key, after, BATCH_ROWS);
    for (const r of batch) yield r.cells;
    await onBatch(batch.length);
    if (batch.length < BATCH_ROWS) return;
    after = batch.at(-1)!.key;
  }
}

/**
 * A cell of a CSV file: numbers with the Italian decimal comma (what the import and an Italian Excel
 * read), days DD/MM/YYYY, texts neutralised against formulas (csvCell; the import reads them back as typed).
 */
export function csvText(kind: Kind, v: string | null): string {
  if (v === null) return '';
  if (kind === 'number') return v.replace('.', ',');
  if (kind === 'day') return formatDay(v);
  return csvCell(v);
}

function xlsxValue(kind: Kind, v: string | null): string | number | Date | null {
  if (v === null) return null;
  if (kind === 'number') return Number(v);
  if (kind === 'day') return new Date(`${v.slice(0, 10)}T00:00:00Z`);
  return csvCell(v);
}

/** Reads a stream to its end without throwing: an error is kept in `failure` and the stream just ends. */
async function* guarded<T>(source: AsyncIterable<T>, failure: { error?: unknown }): AsyncGenerator<T> {
  try {
    for await (const x of source) yield x;
  } catch (e) {
    failure.error ??= e;
  }
}

export interface BuildInput {
  deps: Deps;
  aziendaId: string;
  formato: DataExportFormat;
  planned: PlannedFile[];
  includeMedia: boolean;
  /** Told each batch of rows (or media file) written. */
  onProgress: (n: number) => Promise<void>;
}

/** Builds the file into storage; answers its key and size. */
export async function buildExport(input: BuildInput): Promise<{ key: string; size: number }> {
  return input.formato === 'XLSX' ? buildXlsx(input) : buildZip(input);
}

/**
 * One record of texts as CSV_OPTIONS lays it out, byte for byte what csv-stringify writes for it: `;`
 * between cells, a cell holding `;`, `"`, CR or LF quoted with its quotes doubled, CRLF after the record.
 * Written here for the export's millions of cells: csv-stringify's work on each cell left garbage that
 * V8 moved to its old generation, which grew by some 150 MB before a full collection (docs/performance.md).
 */
export function csvRecord(cells: readonly string[]): string {
  return cells.map((v) => (QUOTED.test(v) ? `"${v.replaceAll('"', '""')}"` : v)).join(';') + '\r\n';
}
const QUOTED = /[;"\r\n]/;

/** Rows of a CSV chunk (a chunk's bytes wait outside V8's heap for the zip to take them). */
const CHUNK_ROWS = 100;

/**
 * A file's CSV in chunks of bytes, BOM and header first: each batch of rows read is written at once,
 * so its rows die young (freed by V8's cheap scavenges).
 */
async function* csvChunks(
  deps: Deps,
  aziendaId: string,
  p: PlannedFile,
  onBatch: (n: number) => Promise<void>,
): AsyncGenerator<Buffer> {
  yield Buffer.from(`\uFEFF${csvRecord(p.columns.map((c) => c.name))}`);
  let after: string[] | null = null;
  for (;;) {
    const batch = await csvBatch(deps.db, aziendaId, p, after);
    yield* batch.chunks;
    await onBatch(batch.rows);
    if (batch.rows < BATCH_ROWS) return;
    after = batch.last;
  }
}

/** One batch as CSV chunks (its rows let go on return), its size and its last key. */
async function csvBatch(
  db: DbOrTx,
  aziendaId: string,
  p: PlannedFile,
  after: string[] | null,
): Promise<{ chunks: Buffer[]; rows: number; last: string[] | null }> {
  const batch = await repo.rowsAfter(db, p.file.table, aziendaId, p.columns, p.key, after, BATCH_ROWS);
  const chunks: Buffer[] = [];
  for (let i = 0; i < batch.length; i += CHUNK_ROWS) {
    const rows = batch.slice(i, i + CHUNK_ROWS);
    chunks.push(Buffer.from(rows.map((r) => csvRecord(r.cells.map((v, k) => csvText(p.kinds[k]!, v)))).join('')));
  }
  return { chunks, rows: batch.length, last: batch.at(-1)?.key ?? null };
}

async function buildZip({ deps, aziendaId, planned, includeMedia, onProgress }: BuildInput) {
  const { default: archiver } = await import('archiver');
  const zip = archiver('zip', { zlib: { level: 6 } });
  const failure: { error?: unknown } = {};
  zip.on('error', (e) => (failure.error ??= e));
  zip.on('warning', (e) => deps.log.warn({ err: e }, 'data export zip warning'));
  const put = deps.storage.put(aziendaId, zip);
  put.catch(() => {});
  /** Appends one entry and waits until archiver has written it (one source open at a time). */
  const add = (name: string, source: Readable) =>
    Promise.race([
      new Promise<void>((ok) => {
        zip.once('entry', () => ok());
        zip.append(source, { name });
      }),
      put.then(() => {
        throw new Error('export zip ended early');
      }),
    ]);
  for (const p of planned) {
    const csv = Readable.from(guarded(csvChunks(deps, aziendaId, p, onProgress), failure), { objectMode: false });
    await add(`${p.file.name}.csv`, csv);
    if (failure.error) break;
  }
  if (includeMedia && !failure.error) await addMedia(deps, aziendaId, add, failure, onProgress);
  if (failure.error) {
    zip.abort();
    const stored = await put.catch(() => null);
    if (stored) await deps.storage.remove(stored.key).catch(() => {});
    throw failure.error instanceof Error ? failure.error : new Error(String(failure.error));
  }
  await zip.finalize();
  return put;
}

/** The company's files under media/ and their list (media.csv: id, section, owner, name, type, size, path). */
async function addMedia(
  deps: Deps,
  aziendaId: string,
  add: (name: string, s: Readable) => Promise<void>,
  failure: { error?: unknown },
  onProgress: (n: number) => Promise<void>,
) {
  const { stringify } = await import('csv-stringify');
  const list = stringify(CSV_OPTIONS);
  list.write(['id', 'section', 'owner_id', 'filename', 'content_type', 'size', 'path']);
  let after: string | null = null;
  for (;;) {
    const batch = await repo.mediaAfter(deps.db, aziendaId, after, 100);
    for (const m of batch) {
      const path = `media/${m.id}_${safeName(m.filename)}`;
      let stream: Readable | null = null;
      try {
        stream = await deps.storage.get(m.storage_key);
      } catch (err) {
        deps.log.warn({ err, aziendaId, media: m.id }, 'data export: media file missing');
      }
      list.write([m.id, m.section, m.owner_id, csvCell(m.filename), m.content_type, m.size, stream ? path : '']);
      if (stream) await add(path, Readable.from(guarded(stream, failure)));
      if (failure.error) return;
    }
    await onProgress(batch.length);
    if (batch.length < 100) break;
    after = batch.at(-1)!.id;
  }
  list.end();
  await add('media.csv', list);
}

/** A stored file name as a zip entry's last part: no folders, no control characters. */
export const safeName = (name: string) =>
  [...name]
    .map((ch) => (ch.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(ch) ? '_' : ch))
    .join('')
    .slice(0, 150) || 'file';

async function buildXlsx({ deps, aziendaId, planned, onProgress }: BuildInput) {
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  const put = deps.storage.put(aziendaId, out);
  put.catch(() => {});
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  try {
    for (const p of planned) {
      let part = 1;
      let inSheet = 0;
      const open = () => {
        const sheet = book.addWorksheet(part === 1 ? p.file.name : `${p.file.name.slice(0, 28)}_${part}`, {
          views: [{ state: 'frozen', ySplit: 1 }],
        });
        const header = sheet.addRow(p.columns.map((c) => c.name));
        header.font = { bold: true };
        header.commit();
        return sheet;
      };
      let sheet = open();
      for await (const r of storedRows(deps.db, aziendaId, p, onProgress)) {
        if (inSheet === SHEET_ROWS) {
          sheet.commit();
          part++;
          inSheet = 0;
          sheet = open();
        }
        const row = sheet.addRow(r.map((v, i) => xlsxValue(p.kinds[i]!, v)));
        p.kinds.forEach((k, i) => {
          if (k === 'day' && r[i] !== null) row.getCell(i + 1).numFmt = 'dd/mm/yyyy';
        });
        row.commit();
        inSheet++;
        // Written faster than stored: wait for the storage to take what is buffered.
        if (out.writableNeedDrain) await new Promise((ok) => out.once('drain', ok));
      }
      sheet.commit();
    }
    await book.commit();
  } catch (e) {
    out.destroy(e instanceof Error ? e : new Error(String(e)));
    const stored = await put.catch(() => null);
    if (stored) await deps.storage.remove(stored.key).catch(() => {});
    throw e;
  }
  return put;
}
