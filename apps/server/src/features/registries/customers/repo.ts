import {
  and,
  asc,
  count,
  desc,
  type AnyColumn,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { CLIENTI_TABLE, type ClientiColumn, type ClientiFilters, type ListQuery } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import { clienti, clientiRecapiti } from '../../../platform/db/schema-customers.js';
import {
  isShortTerm,
  orderOf,
  pageOf,
  readPage,
  searchCondition,
  searchSortsHits,
  startsWithCondition,
  type PageRead,
} from '../../../platform/lists.js';
import { prepared } from '../../../platform/db/prepared.js';
import { sameKey } from '../../../platform/duplicates.js';

export type ClienteRow = typeof clienti.$inferSelect;
export type ClienteValues = Omit<
  typeof clienti.$inferInsert,
  'id' | 'aziendaId' | 'createdAt' | 'updatedAt' | 'searchText'
>;
export type RecapitoRow = typeof clientiRecapiti.$inferSelect;

/** Sort expressions: each is the second column of an index (azienda_id, <expr>, id). */
const SORTABLE = {
  codice: clienti.codice,
  ragione_sociale: sql`lower(${clienti.ragioneSociale})`,
  partita_iva: clienti.partitaIva,
  codice_fiscale: clienti.codiceFiscale,
  citta: sql`lower(${clienti.citta})`,
  provincia: clienti.provincia,
  created_at: clienti.createdAt,
} satisfies Partial<Record<ClientiColumn, SQL | AnyColumn>>;

function whereOf(aziendaId: string, q: string | undefined, f: Partial<ClientiFilters>): SQL {
  const conds: (SQL | undefined)[] = [eq(clienti.aziendaId, aziendaId)];
  // Words of 3+ characters anywhere, in any order (trigram index); a term of short words at the start of
  // search_text, i.e. of the name (prefix index of migration 0012: the count is an index-only range scan).
  // search_text is folded (no accents, lower case; migration 0014), and so is the term.
  if (q) conds.push(searchCondition(clienti.searchText, q));
  // The city's start, folded too ("forli" finds Forlì; prefix index of migration 0014).
  if (f.citta) conds.push(startsWithCondition(sql`fs_fold(${clienti.citta})`, f.citta));
  if (f.provincia) conds.push(eq(clienti.provincia, f.provincia));
  if (f.nazione) conds.push(eq(clienti.nazione, f.nazione));
  if (f.geolocalizzato === 'true') conds.push(isNotNull(clienti.latitude));
  if (f.geolocalizzato === 'false') conds.push(isNull(clienti.latitude));
  return and(...conds)!;
}

type ListOrder = { sort: ClientiColumn; dir: 'asc' | 'desc' };

/**
 * Rows of `where` for one page read (forwards or backwards, platform/lists.ts). OFFSET
 * reads every row it skips; where an index holds all the query needs (sort value, id and
 * company: the sort indexes of 0005/0012), the page's ids are picked from it alone
 * (index-only) and just those rows read. That serves every page past the first without a
 * 3+ character search, and a short (prefix) search by name from the first page on: a
 * prefix's hits sit together in name order, so walking the sort index and filtering would
 * read every name before them; the prefix index (0012) holds the names to sort them by.
 */
function pageRows(
  db: DbOrTx,
  aziendaId: string,
  where: SQL,
  term: string | undefined,
  order: ListOrder,
  read: PageRead,
): Promise<ClienteRow[]> {
  const orderBy = (viaIndex: boolean) =>
    orderOf(CLIENTI_TABLE, SORTABLE, order, clienti.id, { viaIndex, reverse: read.reverse });
  const prefixByName = isShortTerm(term) && order.sort === 'ragione_sociale';
  if (prefixByName || (read.offset > 0 && !searchSortsHits(term))) {
    const ids = db
      .select({ id: clienti.id })
      .from(clienti)
      .where(where)
      .orderBy(...orderBy(!prefixByName))
      .limit(read.limit)
      .offset(read.offset);
    return db
      .select()
      .from(clienti)
      .where(and(eq(clienti.aziendaId, aziendaId), inArray(clienti.id, ids)))
      .orderBy(...orderBy(true));
  }
  // A prefix's hits spread evenly in any other order: walking that sort index finds a page soon.
  return db
    .select()
    .from(clienti)
    .where(where)
    .orderBy(...orderBy(!searchSortsHits(term)))
    .limit(read.limit)
    .offset(read.offset);
}

async function countWhere(db: DbOrTx, where: SQL): Promise<number> {
  const [r] = await db.select({ n: count() }).from(clienti).where(where);
  return r?.n ?? 0;
}

/** One page of the company's customers and the total matching the search and filters. */
export async function listPage(db: DbOrTx, aziendaId: string, q: ListQuery<ClientiColumn>, f: Partial<ClientiFilters>) {
  const where = whereOf(aziendaId, q.q, f);
  if (searchSortsHits(q.q)) return searchedPage(db, where, q);
  const { items, total } = await readPage(
    pageOf(q),
    () => countWhere(db, where),
    (read) => pageRows(db, aziendaId, where, q.q, q, read),
    q.totale,
  );
  return { rows: items, total };
}

/**
 * A contains-search (3+ characters): the trigram index finds the hits, which are sorted and
 * counted in one pass (count over ()), so they are read once, not once to count and again to
 * sort. Sorting on an expression no index serves keeps the planner from walking a sort index.
 */
async function searchedPage(db: DbOrTx, where: SQL, q: ListQuery<ClientiColumn>) {
  const { limit, offset } = pageOf(q);
  const found = await db
    .select({ row: clienti, total: sql<number>`(count(*) over ())::int` })
    .from(clienti)
    .where(where)
    .orderBy(...orderOf(CLIENTI_TABLE, SORTABLE, q, clienti.id, { viaIndex: false }))
    .limit(limit)
    .offset(offset);
  // A page past the end has no row to carry the total.
  const total = found[0]?.total ?? (offset > 0 ? await countWhere(db, where) : 0);
  return { rows: found.map((f) => f.row), total };
}

/** Light rows for pickers, by name. */
export async function listRefs(db: DbOrTx, aziendaId: string, q: string | undefined, limit: number, offset: number) {
  const where = whereOf(aziendaId, q, {});
  const { items, total } = await readPage(
    { limit, offset },
    () => countWhere(db, where),
    (read) => pageRows(db, aziendaId, where, q, { sort: 'ragione_sociale', dir: 'asc' }, read),
  );
  return { rows: items.map(({ id, ragioneSociale, codice, citta }) => ({ id, ragioneSociale, codice, citta })), total };
}

export async function findCliente(db: DbOrTx, aziendaId: string, id: string): Promise<ClienteRow | undefined> {
  const query = prepared(db, 'find_cliente', () =>
    db
      .select()
      .from(clienti)
      .where(and(eq(clienti.aziendaId, sql.placeholder('aziendaId')), eq(clienti.id, sql.placeholder('id'))))
      .prepare('find_cliente'),
  );
  const [row] = await query.execute({ aziendaId, id });
  return row;
}

export async function countClienti(db: DbOrTx, aziendaId: string): Promise<number> {
  const [r] = await db.select({ n: count() }).from(clienti).where(eq(clienti.aziendaId, aziendaId));
  return r?.n ?? 0;
}

export async function insertCliente(db: DbOrTx, aziendaId: string, v: ClienteValues): Promise<ClienteRow> {
  const [row] = await db
    .insert(clienti)
    .values({ ...v, aziendaId })
    .returning();
  return row!;
}

export async function updateCliente(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  v: Partial<ClienteValues>,
): Promise<ClienteRow | undefined> {
  const [row] = await db
    .update(clienti)
    .set({ ...v, updatedAt: sql`now()` })
    .where(and(eq(clienti.aziendaId, aziendaId), eq(clienti.id, id)))
    .returning();
  return row;
}

export async function deleteClienti(db: DbOrTx, aziendaId: string, ids: string[]): Promise<number> {
  const rows = await db
    .delete(clienti)
    .where(and(eq(clienti.aziendaId, aziendaId), inArray(clienti.id, ids)))
    .returning({ id: clienti.id });
  return rows.length;
}

/** Other customers sharing the registry id, VAT number or tax code (at most 5 per field). */
/**
 * Other customers sharing the registry id, VAT number or tax code, as codes compare (case and
 * spaces aside: the fs_key indexes of migration 0015).
 */
export async function findDuplicates(
  db: DbOrTx,
  aziendaId: string,
  selfId: string | null,
  v: Pick<ClienteRow, 'codice' | 'partitaIva' | 'codiceFiscale'>,
) {
  const any: SQL[] = [];
  if (v.codice) any.push(sameKey(clienti.codice, v.codice));
  if (v.partitaIva) any.push(sameKey(clienti.partitaIva, v.partitaIva));
  if (v.codiceFiscale) any.push(sameKey(clienti.codiceFiscale, v.codiceFiscale));
  if (any.length === 0) return [];
  return db
    .select({
      id: clienti.id,
      ragioneSociale: clienti.ragioneSociale,
      codice: clienti.codice,
      partitaIva: clienti.partitaIva,
      codiceFiscale: clienti.codiceFiscale,
    })
    .from(clienti)
    .where(and(eq(clienti.aziendaId, aziendaId), selfId ? ne(clienti.id, selfId) : undefined, or(...any)))
    .orderBy(asc(clienti.createdAt))
    .limit(15);
}

/** The registry ids the demo and new customers use: C and six digits. */
const REGISTRY_ID = /^C\d{6}$/;

/**
 * The next `n` registry ids after the company's highest `C000000`-style one (call under the
 * company lock): a backward range scan of the code index, stopping at the first that fits.
 */
export async function nextRegistryIds(db: DbOrTx, aziendaId: string, n: number): Promise<string[]> {
  const [top] = await db
    .select({ codice: clienti.codice })
    .from(clienti)
    .where(
      and(
        eq(clienti.aziendaId, aziendaId),
        sql`${clienti.codice} between 'C000000' and 'C999999'`,
        sql`${clienti.codice} ~ '^C[0-9]{6}$'`,
      ),
    )
    .orderBy(desc(clienti.codice))
    .limit(1);
  const last = top?.codice && REGISTRY_ID.test(top.codice) ? Number(top.codice.slice(1)) : 0;
  return Array.from({ length: n }, (_, i) => `C${String(last + 1 + i).padStart(6, '0')}`);
}

/* ---------- contacts ---------- */

export async function listRecapiti(db: DbOrTx, aziendaId: string, clienteId: string): Promise<RecapitoRow[]> {
  const query = prepared(db, 'list_recapiti', () =>
    db
      .select()
      .from(clientiRecapiti)
      .where(
        and(
          eq(clientiRecapiti.aziendaId, sql.placeholder('aziendaId')),
          eq(clientiRecapiti.clienteId, sql.placeholder('clienteId')),
        ),
      )
      .orderBy(sql`lower(${clientiRecapiti.nome})`, clientiRecapiti.id)
      .prepare('list_recapiti'),
  );
  return query.execute({ aziendaId, clienteId });
}

export async function findRecapito(db: DbOrTx, aziendaId: string, id: string): Promise<RecapitoRow | undefined> {
  const [row] = await db
    .select()
    .from(clientiRecapiti)
    .where(and(eq(clientiRecapiti.aziendaId, aziendaId), eq(clientiRecapiti.id, id)));
  return row;
}

export type RecapitoValues = Pick<RecapitoRow, 'nome' | 'ruolo' | 'telefono' | 'email' | 'note'>;

export async function insertRecapito(
  db: DbOrTx,
  aziendaId: string,
  clienteId: string,
  v: RecapitoValues,
): Promise<RecapitoRow> {
  const [row] = await db
    .insert(clientiRecapiti)
    .values({ ...v, aziendaId, clienteId })
    .returning();
  return row!;
}

export async function updateRecapito(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  v: RecapitoValues,
): Promise<RecapitoRow | undefined> {
  const [row] = await db
    .update(clientiRecapiti)
    .set(v)
    .where(and(eq(clientiRecapiti.aziendaId, aziendaId), eq(clientiRecapiti.id, id)))
    .returning();
  return row;
}

export async function deleteRecapito(db: DbOrTx, aziendaId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(clientiRecapiti)
    .where(and(eq(clientiRecapiti.aziendaId, aziendaId), eq(clientiRecapiti.id, id)))
    .returning({ id: clientiRecapiti.id });
  return rows.length > 0;
}
