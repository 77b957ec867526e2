import type { Readable } from 'node:stream';
import {
  autoMapping,
  can,
  IMPORT_FIELDS,
  IMPORT_PERMISSION,
  IMPORT_PREVIEW_ROWS,
  IMPORT_TABLES,
  maySetPrices,
  parseSeparator,
  validateImportRow,
  type ColumnMapping,
  type ImportTable,
  type StartImportRequest,
  REQUIRED_MESSAGE,
} from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';
import { userIdOf } from '../../../platform/auth/principal.js';
import type { Deps } from '../../../platform/deps.js';
import { AppError, forbidden, notFound, type FieldProblem } from '../../../platform/errors.js';
import { detectEncoding, readHead, SNIFF_BYTES } from './csv.js';
import { presentImport } from './presenter.js';
import * as repo from './repo.js';
import { cellsToRaw } from './runner.js';
import { uniqueViolation } from '../../../platform/db/pg-errors.js';
import { csvRow } from '../../../platform/http/csv-cell.js';

export const IMPORT_QUEUE = 'csv-import';
export interface ImportJob {
  aziendaId: string;
  importId: string;
}

/** Drafts not started within a day are dropped with their files. */
const DRAFT_TTL_MS = 24 * 3600 * 1000;

export function mayWrite(ctx: CompanyContext, table: ImportTable): boolean {
  return can(ctx.principal.permissions, IMPORT_PERMISSION[table], 'write', 'company');
}

/** The fields of a table the caller may import: the prices only with the prices permission (read and write). */
function fieldsFor(ctx: CompanyContext, table: ImportTable) {
  const prices = maySetPrices(ctx.principal.permissions);
  return IMPORT_FIELDS[table].filter((f) => prices || !f.prices);
}

/** The importable tables the caller may write, with the fields they may import. */
export function mappingTables(ctx: CompanyContext) {
  return IMPORT_TABLES.filter((t) => mayWrite(ctx, t)).map((table) => ({
    table,
    permission: IMPORT_PERMISSION[table],
    fields: fieldsFor(ctx, table).map(({ aliases: _a, prices: _p, ...f }) => f),
  }));
}

export function assertMayImportAny(ctx: CompanyContext): void {
  if (!IMPORT_TABLES.some((t) => mayWrite(ctx, t)))
    throw forbidden('Serve il permesso di scrittura su clienti o articoli');
}

/** Streams the upload to storage (never whole in memory). */
export async function storeUpload(ctx: CompanyContext, file: Readable) {
  const stored = await ctx.deps.storage.put(ctx.company.id, file);
  if ((file as Readable & { truncated?: boolean }).truncated) {
    await ctx.deps.storage.remove(stored.key);
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `Il file supera ${Math.round(ctx.deps.config.IMPORT_MAX_BYTES / 1024 / 1024)} MB`,
    );
  }
  return stored;
}

async function headBytes(deps: Deps, key: string): Promise<Buffer> {
  const stream = await deps.storage.get(key);
  const chunks: Buffer[] = [];
  let n = 0;
  try {
    for await (const c of stream as AsyncIterable<Buffer>) {
      chunks.push(c);
      n += c.length;
      if (n >= SNIFF_BYTES) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, SNIFF_BYTES);
}

export interface MappingFields {
  table?: string;
  separator?: string;
  headerInFirstLine?: string;
  encoding?: string;
}

/**
 * POST /imports/mapping: checks the fields (400 naming the missing ones), the
 * permission on the table, the encoding; records a draft and answers its
 * columns, a preview and a proposed mapping with each preview row's errors.
 */
export async function createMapping(
  ctx: CompanyContext,
  fields: MappingFields,
  stored: { key: string; size: number; fileName: string } | null,
) {
  try {
    const problems: FieldProblem[] = [];
    const table = IMPORT_TABLES.find((t) => t === fields.table);
    const separator = parseSeparator(fields.separator);
    const header =
      fields.headerInFirstLine === undefined
        ? undefined
        : ({ true: true, false: false, '1': true, '0': false } as Record<string, boolean>)[fields.headerInFirstLine];
    if (fields.table === undefined) problems.push({ path: 'table', message: REQUIRED_MESSAGE });
    else if (!table) problems.push({ path: 'table', message: `uno di: ${IMPORT_TABLES.join(', ')}` });
    if (fields.separator === undefined) problems.push({ path: 'separator', message: REQUIRED_MESSAGE });
    else if (!separator) problems.push({ path: 'separator', message: 'uno di: ; , tab' });
    if (fields.headerInFirstLine === undefined) problems.push({ path: 'headerInFirstLine', message: REQUIRED_MESSAGE });
    else if (header === undefined) problems.push({ path: 'headerInFirstLine', message: 'true o false' });
    if (fields.encoding !== undefined && !['auto', 'utf-8', 'windows-1252'].includes(fields.encoding)) {
      problems.push({ path: 'encoding', message: 'uno di: auto, utf-8, windows-1252' });
    }
    if (!stored) problems.push({ path: 'file', message: REQUIRED_MESSAGE });
    else if (stored.size === 0) problems.push({ path: 'file', message: 'il file è vuoto' });
    if (problems.length > 0 || !table || !separator || header === undefined || !stored) {
      throw new AppError(
        'VALIDATION',
        `Campi mancanti o non validi: ${problems.map((p) => p.path).join(', ')}`,
        problems,
      );
    }
    if (!mayWrite(ctx, table)) throw forbidden('Serve il permesso di scrittura sulla tabella scelta');

    const head = await headBytes(ctx.deps, stored.key);
    if (head.includes(0)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Il file non è un testo CSV');
    const encoding =
      fields.encoding === 'utf-8' || fields.encoding === 'windows-1252' ? fields.encoding : detectEncoding(head);
    const records = await readHead(
      await ctx.deps.storage.get(stored.key),
      encoding,
      separator,
      IMPORT_PREVIEW_ROWS + 1,
    );
    const width = records.reduce((w, r) => Math.max(w, r.cells.length), 0);
    const first = records[0]?.cells ?? [];
    const columns = Array.from({ length: width }, (_, index) => ({
      index,
      name: header ? (first[index] ?? '').trim() || `#${index + 1}` : `#${index + 1}`,
    }));
    // Only fields the caller may import are proposed (the prices need the prices permission).
    const allowed = new Set(fieldsFor(ctx, table).map((f) => f.name));
    const mapping = header ? autoMapping(table, first).filter((m) => allowed.has(m.field)) : [];
    const rows = (header ? records.slice(1) : records).slice(0, IMPORT_PREVIEW_ROWS);
    const preview = rows.map((r) => ({
      riga: r.line,
      values: r.cells,
      errors: mapping.length > 0 ? validateImportRow(IMPORT_FIELDS[table], cellsToRaw(r.cells, mapping)).errors : [],
    }));

    for (const key of await repo.deleteStaleDrafts(ctx.db, ctx.company.id, new Date(Date.now() - DRAFT_TTL_MS))) {
      await ctx.deps.storage.remove(key).catch((err) => ctx.deps.log.warn({ err }, 'import draft file not removed'));
    }
    const row = await repo.insertImport(ctx.db, {
      aziendaId: ctx.company.id,
      utenteId: userIdOf(ctx.principal),
      tabella: table,
      separatore: separator,
      intestazione: header,
      encoding,
      fileName: stored.fileName.slice(0, 255),
      size: stored.size,
      storageKey: stored.key,
    });
    return {
      id: row.id,
      table,
      separator,
      headerInFirstLine: header,
      encoding,
      fileName: row.fileName,
      size: row.size,
      columns,
      preview,
      mapping,
    };
  } catch (e) {
    if (stored) await ctx.deps.storage.remove(stored.key).catch(() => {});
    throw e;
  }
}

function checkMapping(table: ImportTable, mapping: ColumnMapping[]): void {
  const fields = IMPORT_FIELDS[table];
  const problems: FieldProblem[] = [];
  const seenFields = new Set<string>();
  const seenColumns = new Set<number>();
  mapping.forEach((m, i) => {
    if (!fields.some((f) => f.name === m.field))
      problems.push({ path: `mapping.${i}.field`, message: `campo sconosciuto: ${m.field}` });
    if (seenFields.has(m.field))
      problems.push({ path: `mapping.${i}.field`, message: `campo già assegnato: ${m.field}` });
    if (seenColumns.has(m.column))
      problems.push({ path: `mapping.${i}.column`, message: `colonna già assegnata: ${m.column + 1}` });
    seenFields.add(m.field);
    seenColumns.add(m.column);
  });
  for (const f of fields) {
    if (f.required && !seenFields.has(f.name))
      problems.push({ path: `mapping.${f.name}`, message: `campo obbligatorio non assegnato: ${f.name}` });
  }
  if (problems.length > 0) throw new AppError('VALIDATION', 'Abbinamento colonne non valido', problems);
}

/** POST /imports/import: queues the draft with its mapping; one import at a time per company. */
export async function startImport(ctx: CompanyContext, body: StartImportRequest) {
  const imp = await repo.findImport(ctx.db, ctx.company.id, body.id);
  if (!imp) throw notFound('Importazione');
  if (!mayWrite(ctx, imp.tabella)) throw forbidden('Serve il permesso di scrittura sulla tabella scelta');
  if (imp.stato !== 'mapped' || !imp.storageKey) throw new AppError('CONFLICT', 'Importazione già avviata');
  checkMapping(imp.tabella, body.mapping);
  const allowed = new Set(fieldsFor(ctx, imp.tabella).map((f) => f.name));
  const denied = body.mapping.filter((m) => !allowed.has(m.field)).map((m) => m.field);
  if (denied.length) throw forbidden(`Serve il permesso prezzi per importare: ${denied.join(', ')}`);
  await settleDeadRuns(ctx);
  if (await repo.hasActiveImport(ctx.db, ctx.company.id))
    throw new AppError('CONFLICT', "Un'importazione è già in corso per l'azienda");
  let queued: boolean;
  try {
    queued = await repo.queueImport(ctx.db, ctx.company.id, imp.id, body.mapping);
  } catch (e) {
    if (uniqueViolation(e)) {
      throw new AppError('CONFLICT', "Un'importazione è già in corso per l'azienda");
    }
    throw e;
  }
  if (!queued) throw new AppError('CONFLICT', 'Importazione già avviata');
  await ctx.deps.jobs.send<ImportJob>(IMPORT_QUEUE, { aziendaId: ctx.company.id, importId: imp.id });
  return presentImport((await repo.findImport(ctx.db, ctx.company.id, imp.id))!);
}

/** What a dead run's import says once it has been found (its process was killed or crashed). */
export const DEAD_RUN_REASON =
  "Importazione interrotta: il processo che la eseguiva si è fermato. Le righe già scritte restano; caricare di nuovo il file per completare l'importazione.";

/**
 * Ends the company's runs that stopped beating (repo.failDeadRuns) and removes their files:
 * called wherever the company's imports are looked at, so a dead run is seen as such within
 * IMPORT_STALE_SEC instead of blocking new imports until the queue's expiry.
 */
async function settleDeadRuns(ctx: CompanyContext): Promise<void> {
  const aziendaId = ctx.company.id;
  const keys = await repo.failDeadRuns(ctx.db, aziendaId, ctx.deps.config.IMPORT_STALE_SEC, DEAD_RUN_REASON);
  for (const key of keys) {
    ctx.deps.log.warn({ aziendaId }, 'import run found dead: ended as failed');
    await ctx.deps.storage.remove(key).catch((err: unknown) => ctx.deps.log.warn({ err }, 'import file not removed'));
  }
}

async function readable(ctx: CompanyContext, id: string) {
  await settleDeadRuns(ctx);
  const imp = await repo.findImport(ctx.db, ctx.company.id, id);
  if (!imp || imp.stato === 'mapped') throw notFound('Importazione');
  // Import files hold the whole rows of the company's registry: only who may import into
  // that table may read them back (a read-only user sees the registry through its list).
  if (!mayWrite(ctx, imp.tabella)) throw forbidden("Serve il permesso di importazione sulla tabella dell'importazione");
  return imp;
}

export async function status(ctx: CompanyContext, id: string) {
  return presentImport(await readable(ctx, id));
}

export async function recent(ctx: CompanyContext) {
  await settleDeadRuns(ctx);
  const rows = await repo.listImports(ctx.db, ctx.company.id, 20);
  return rows.filter((r) => mayWrite(ctx, r.tabella)).map(presentImport);
}

export async function rejected(ctx: CompanyContext, id: string, offset: number, limit: number) {
  const imp = await readable(ctx, id);
  // A finished import's count is final: a far page can then be read from the end.
  const finished = imp.stato === 'completed' || imp.stato === 'failed';
  const rows = await repo.rejectedPage(
    ctx.db,
    ctx.company.id,
    imp.id,
    offset,
    limit,
    finished ? imp.scartati : undefined,
  );
  return {
    items: rows.map((r) => ({ riga: r.riga, errors: r.errori, values: r.valori })),
    totaleElementi: imp.scartati,
  };
}

/** The rejected rows as CSV (line, reasons, then the row's cells as read), streamed page by page. */
export async function* rejectedCsv(ctx: CompanyContext, id: string): AsyncGenerator<string[]> {
  const imp = await readable(ctx, id);
  yield ['riga', 'motivi'];
  for (let offset = 0; ; offset += 1000) {
    const rows = await repo.rejectedPage(ctx.db, ctx.company.id, imp.id, offset, 1000);
    for (const r of rows) yield [String(r.riga), ...csvRow([r.errori.map((e) => e.message).join('; '), ...r.valori])];
    if (rows.length < 1000) return;
  }
}

export async function rejectedFileName(ctx: CompanyContext, id: string) {
  const imp = await readable(ctx, id);
  return `scarti-${imp.fileName.replace(/\.[^.]*$/, '')}.csv`;
}
