import type { z } from 'zod';
import {
  ARTICLES_TABLE,
  exportHeaders,
  FILTERED_MAX,
  maySeePrices,
  maySetPrices,
  visibleColumns,
  type articlesExportQuery,
  type Article,
  type ArticleWarning,
  type articlesAdminRequest,
  type ArticlesFilters,
  type articleSaveRequest,
  type TableInfos,
} from '@fs/contract';
import { forbidden, notFound } from '../../../platform/errors.js';
import { languageOf, type CompanyContext } from '../../../platform/context.js';
import type { DbOrTx, Tx } from '../../../platform/db/client.js';
import { assertRoom, lockCompany, recordAllowance } from '../../../platform/limits.js';
import { tableInfos as tableInfosFor } from '../../shell/index.js';
import * as repo from './repo.js';
import { eachPage } from '../../../platform/lists.js';
import type { ExportCell, TableExport } from '../../../platform/http/table-export.js';
import { assertDuplicatesAllowed, codeKey } from '../../../platform/duplicates.js';
import { toArticolo } from './presenter.js';

type SaveInput = z.output<typeof articleSaveRequest>;
type AdminInput = z.output<typeof articlesAdminRequest>;

/** Articles allowed: one slot of LIMITS.itemsPerSlot in every plan, plus the purchased slots. */
export async function limitOf(db: DbOrTx, aziendaId: string): Promise<{ used: number; allowed: number }> {
  const [used, allowed] = await Promise.all([repo.count(db, aziendaId), recordAllowance(db, aziendaId, 'items')]);
  return { used, allowed };
}

/**
 * The plan limit, as the customers' (call under the company lock): while the
 * company holds MORE articles than its plan allows (slots were given up) any
 * save answers 0013; a new article, or `adding` new ones (a bulk add), that
 * would pass the limit answers 0006. `adding` 0 checks an update.
 */
export async function checkLimit(tx: DbOrTx, aziendaId: string, adding: number): Promise<void> {
  const { used, allowed } = await limitOf(tx, aziendaId);
  assertRoom('items', used, allowed, adding);
}

/** Duplicate warnings: other articles with the same code, or the same external reference. */
export async function warningsFor(
  db: DbOrTx,
  aziendaId: string,
  keys: { codice: string; riferimentoEsterno: string | null },
  exceptId?: string,
): Promise<ArticleWarning[]> {
  const rows = await repo.findSameKeys(db, aziendaId, keys, exceptId);
  const out: ArticleWarning[] = [];
  const ref = (r: (typeof rows)[number]) => ({ id: r.id, codice: r.codice, descrizione: r.descrizione });
  const sameCode = rows.filter((r) => codeKey(r.codice) === codeKey(keys.codice));
  if (sameCode.length) out.push({ code: 'DUPLICATE', field: 'codice', articoli: sameCode.map(ref) });
  const rif = keys.riferimentoEsterno ? codeKey(keys.riferimentoEsterno) : null;
  const sameRef = rif ? rows.filter((r) => r.riferimentoEsterno && codeKey(r.riferimentoEsterno) === rif) : [];
  if (sameRef.length) out.push({ code: 'DUPLICATE', field: 'riferimento_esterno', articoli: sameRef.map(ref) });
  return out;
}

function valuesOf(input: Omit<SaveInput, 'id'>): repo.ArticoloValues {
  return {
    codice: input.codice,
    riferimentoEsterno: input.riferimento_esterno,
    descrizione: input.descrizione,
    unitaMisura: input.unita_misura,
    prezzoVendita: input.prezzo_vendita,
    prezzoAcquisto: input.prezzo_acquisto,
    aliquotaIva: input.aliquota_iva,
    naturaIva: input.natura_iva,
    note: input.note,
  };
}

/**
 * The import's rule, in one place: an article with the same code, else one
 * with the same external reference, is overwritten; otherwise a new one is
 * made (within the plan limit). Call inside a transaction that holds the
 * company lock (`lockCompany`). Answers what happened.
 */
export async function upsertByKeys(
  tx: Tx,
  aziendaId: string,
  input: Omit<SaveInput, 'id'>,
): Promise<{ action: 'created' | 'updated'; item: Article }> {
  const same = await repo.findSameKeys(tx, aziendaId, {
    codice: input.codice,
    riferimentoEsterno: input.riferimento_esterno,
  });
  const target =
    same.find((r) => codeKey(r.codice) === codeKey(input.codice)) ??
    (input.riferimento_esterno
      ? same.find((r) => r.riferimentoEsterno && codeKey(r.riferimentoEsterno) === codeKey(input.riferimento_esterno!))
      : undefined);
  if (target) {
    await checkLimit(tx, aziendaId, 0);
    const row = await repo.update(tx, aziendaId, target.id, valuesOf(input));
    return { action: 'updated', item: toArticolo(row!, true) };
  }
  await checkLimit(tx, aziendaId, 1);
  return { action: 'created', item: toArticolo(await repo.insert(tx, aziendaId, valuesOf(input)), true) };
}

/**
 * The code never repeats (409 DUPLICATE_CODE); an external reference another article has answers
 * 409 DUPLICATE until the user confirms (platform/duplicates.ts). Call under the company lock.
 */
async function checkDuplicates(
  tx: DbOrTx,
  aziendaId: string,
  input: SaveInput,
  old: repo.ArticoloRow | undefined,
): Promise<void> {
  const rows = await repo.findSameKeys(
    tx,
    aziendaId,
    { codice: input.codice, riferimentoEsterno: input.riferimento_esterno },
    old?.id,
  );
  const holding = (get: (r: (typeof rows)[number]) => string | null, value: string | null) =>
    value
      ? rows.filter((r) => get(r) && codeKey(get(r)!) === codeKey(value)).map((r) => `${r.codice} ${r.descrizione}`)
      : [];
  assertDuplicatesAllowed(
    [
      {
        field: 'codice',
        label: 'Codice',
        value: input.codice,
        previous: old?.codice,
        mayRepeat: false,
        others: holding((r) => r.codice, input.codice),
      },
      {
        field: 'riferimento_esterno',
        label: 'Riferimento esterno',
        value: input.riferimento_esterno,
        previous: old?.riferimentoEsterno,
        mayRepeat: true,
        others: holding((r) => r.riferimentoEsterno, input.riferimento_esterno),
      },
    ],
    input.confermaDuplicati ?? false,
  );
}

/**
 * POST /anagraficaarticoli/articoli: creates or updates; duplicates refused or confirmed, the plan limit refuses.
 * A caller who may not set prices has the prices sent ignored: an update keeps the article's, a new article has none.
 */
export async function save(
  ctx: CompanyContext,
  input: SaveInput,
): Promise<{ item: Article; warnings: ArticleWarning[] }> {
  return ctx.transaction(async ({ db: tx }) => {
    let row: repo.ArticoloRow | undefined;
    await lockCompany(tx, ctx.company.id);
    const old = input.id ? await repo.findById(tx, ctx.company.id, input.id) : undefined;
    if (input.id && !old) throw notFound('Articolo');
    await checkDuplicates(tx, ctx.company.id, input, old);
    const values = maySetPrices(ctx.principal.permissions)
      ? valuesOf(input)
      : { ...valuesOf(input), prezzoVendita: old?.prezzoVendita ?? null, prezzoAcquisto: old?.prezzoAcquisto ?? null };
    if (input.id) {
      await checkLimit(tx, ctx.company.id, 0);
      row = (await repo.update(tx, ctx.company.id, input.id, values))!;
    } else {
      await checkLimit(tx, ctx.company.id, 1);
      row = await repo.insert(tx, ctx.company.id, values);
    }
    const warnings = await warningsFor(
      tx,
      ctx.company.id,
      { codice: row.codice, riferimentoEsterno: row.riferimentoEsterno },
      row.id,
    );
    return { item: toArticolo(row, maySeePrices(ctx.principal.permissions)), warnings };
  });
}

const ALL_BATCH = 1000;

/**
 * GET /anagraficaarticoli/articoli/all as JSON text, streamed: the plan limit first, then
 * the articles by code in keyset batches of 1,000, so a company with 100,000 articles is
 * never held in memory whole (the answer has the shape of articoliAllResponse).
 */
export async function* allJson(ctx: CompanyContext): AsyncGenerator<string> {
  const limit = await limitOf(ctx.db, ctx.company.id);
  const prices = maySeePrices(ctx.principal.permissions);
  yield `{"success":true,"limit":${JSON.stringify(limit)},"items":[`;
  let after: { codice: string; id: string } | null = null;
  let separator = '';
  for (;;) {
    const rows = await repo.allBatch(ctx.db, ctx.company.id, after, ALL_BATCH);
    if (rows.length > 0) {
      yield separator + rows.map((r) => JSON.stringify(toArticolo(r, prices))).join(',');
      separator = ',';
    }
    if (rows.length < ALL_BATCH) break;
    after = rows[rows.length - 1]!;
  }
  yield ']}';
}

export async function filtered(
  ctx: CompanyContext,
  q: string | undefined,
  filters: ArticlesFilters,
): Promise<Article[]> {
  const prices = maySeePrices(ctx.principal.permissions);
  return (await repo.listFiltered(ctx.db, ctx.company.id, q, filters, FILTERED_MAX)).map((r) => toArticolo(r, prices));
}

export async function research(ctx: CompanyContext, q: string, limit: number): Promise<Article[]> {
  const prices = maySeePrices(ctx.principal.permissions);
  return (await repo.research(ctx.db, ctx.company.id, q, limit)).map((r) => toArticolo(r, prices));
}

/** POST /anagraficaarticoli/articoli/admin: one page, the total and, when asked, tableInfos with the caller's columns. */
export async function admin(
  ctx: CompanyContext,
  input: AdminInput,
): Promise<{ items: Article[]; totaleElementi: number; totalePiuDi?: true; tableInfos?: TableInfos }> {
  const [{ rows, total, more }, tableInfos] = await Promise.all([
    repo.page(ctx.db, ctx.company.id, input),
    input.tableInfos ? tableInfosFor(ctx, ARTICLES_TABLE) : undefined,
  ]);
  return {
    items: rows.map((r) => toArticolo(r, maySeePrices(ctx.principal.permissions))),
    totaleElementi: total,
    ...(more ? { totalePiuDi: true as const } : {}),
    ...(tableInfos ? { tableInfos } : {}),
  };
}

type ExportInput = z.output<typeof articlesExportQuery>;

/**
 * The filtered, sorted list as a CSV or XLSX file, streamed (GET /anagraficaarticoli/articoli/export). The price
 * columns only for a caller who may see prices (left out otherwise; asking for nothing else answers 403).
 */
export function exportArticoli(ctx: CompanyContext, input: ExportInput): TableExport {
  const { format, columns: asked, sort, dir, q, ...filters } = input;
  const visible = new Set<string>(visibleColumns(ARTICLES_TABLE, ctx.principal.permissions));
  const columns = asked.filter((k) => visible.has(k));
  if (!columns.length) throw forbidden('Le colonne chieste sono prezzi: serve il permesso prezzi');
  async function* rows() {
    // An export holds every hit: counted exactly, whatever the search.
    for await (const r of eachPage((page, size, totale) =>
      repo.page(ctx.db, ctx.company.id, { page, size, sort, dir, q, filters, totale }, { countUpTo: Infinity }),
    )) {
      const a = toArticolo(r, true);
      yield columns.map((k): ExportCell => {
        if (k === 'prezzo_vendita' || k === 'prezzo_acquisto' || k === 'aliquota_iva')
          return a[k] === null ? null : Number(a[k]);
        return a[k];
      });
    }
  }
  return { format, name: 'articoli', headers: exportHeaders(languageOf(ctx), columns), rows: rows() };
}

/** Deletes the company's articles among `ids`; another company's or a missing id answers 404 and deletes nothing. */
export async function remove(ctx: CompanyContext, ids: string[]): Promise<number> {
  const unique = [...new Set(ids)];
  return ctx.transaction(async ({ db: tx }) => {
    const removed = await repo.removeMany(tx, ctx.company.id, unique);
    if (removed.length !== unique.length) throw notFound('Articolo');
    return removed.length;
  });
}
