import {
  and,
  asc,
  count,
  desc,
  type AnyColumn,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import {
  CUSTOMERS_TABLE,
  LIST_COUNT_THRESHOLD,
  type CustomerColumn,
  type CustomersFilters,
  type ListQuery,
} from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import { clienti, clientiRecapiti } from '../../../platform/db/schema-customers.js';
import {
  countRows,
  isShortTerm,
  orderOf,
  pageOf,
  readPage,
  searchCondition,
  searchedPage,
  searchSortsHits,
  sortOf,
  startsWithCondition,
  walkedIds,
  type Page,
  type PageRead,
} from '../../../platform/lists.js';
import { prepared } from '../../../platform/db/prepared.js';
import { sameKey } from '../../../platform/duplicates.js';
import { companyRows } from '../../../platform/row-counts.js';

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
} satisfies Partial<Record<CustomerColumn, SQL | AnyColumn>>;

function whereOf(aziendaId: string, q: string | undefined, f: Partial<CustomersFilters>): SQL {
  return and(...conditionsOf(aziendaId, q, f))!;
}

/** No search and no filter: the whole list, whose total the database keeps (companyRows). */
function wholeList(aziendaId: string, q: string | undefined, f: Partial<CustomersFilters>): boolean {
  return conditionsOf(aziendaId, q, f).length === 1;
}

function conditionsOf(aziendaId: string, q: string | undefined, f: Partial<CustomersFilters>): SQL[] {
  const conds: SQL[] = [eq(clienti.aziendaId, aziendaId)];
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
  return conds;
}

type ListOrder = { sort: CustomerColumn; dir: 'asc' | 'desc' };

/** How a list counts a search's hits: up to LIST_COUNT_THRESHOLD by default; Infinity counts them all (exports). */
export interface Counting {
  countUpTo?: number;
}

/** What the picker shows, and all it reads. */
const REF_FIELDS = {
  id: clienti.id,
  ragioneSociale: clienti.ragioneSociale,
  codice: clienti.codice,
  citta: clienti.citta,
};

/**
 * The rows of a page's ids (a subquery), in the page's order, each with `total` (null unless asked). `root`
 * is the database, or the database with the CTE the ids come from.
 */
type Fetch<R> = (
  root: Pick<DbOrTx, 'select'>,
  ids: SQLWrapper,
  read: PageRead,
  total?: SQL<number | null>,
) => Promise<{ row: R; total: number | null }[]>;

const rowsOf = <R>(found: { row: R }[]) => found.map((f) => f.row);

/**
 * The ids of one page read (forwards or backwards, platform/lists.ts) of a list without a contains-search.
 * OFFSET reads every row it skips; where an index holds all the query needs (sort value, id and company: the
 * sort indexes of 0005/0012), the ids are picked from it alone (index-only) and then just those rows read.
 * A short (prefix) search by name sorts its hits in the prefix index (0012, it holds the names): a prefix's
 * hits sit together in name order, so walking the sort index and filtering would read every name before
 * them; in any other order they spread evenly, and walking that sort index finds a page soon.
 */
function pageIds(db: DbOrTx, where: SQL, term: string | undefined, order: ListOrder, read: PageRead) {
  const viaIndex = !(isShortTerm(term) && order.sort === 'ragione_sociale');
  return db
    .select({ id: clienti.id })
    .from(clienti)
    .where(where)
    .orderBy(...orderOf(CUSTOMERS_TABLE, SORTABLE, order, clienti.id, { viaIndex, reverse: read.reverse }))
    .limit(read.limit)
    .offset(read.offset);
}

/**
 * One page of `where` in `order` and its total, the rows read by `fetch`. A contains-search (3+ characters)
 * goes through searchedPage: its hits found by the trigram index and sorted on an expression no index serves
 * (so the planner does not walk a sort index instead), or, when they are many, its page found by a bounded
 * walk of the sort index. The total of a search is counted up to `countUpTo` (a lower bound past it).
 */
async function listOf<R>(
  db: DbOrTx,
  aziendaId: string,
  where: SQL,
  term: string | undefined,
  order: ListOrder,
  page: { limit: number; offset: number },
  known: number | undefined,
  countUpTo: number | undefined,
  fetch: Fetch<R>,
  whole = false,
): Promise<Page<R>> {
  // The whole list's total is kept by the database (decision 0042): read, not counted.
  const count = (atMost?: number) =>
    whole ? companyRows(db, aziendaId, 'clienti') : countRows(db, clienti, where, atMost);
  if (!searchSortsHits(term)) {
    return readPage(
      page,
      count,
      async (read) => rowsOf(await fetch(db, pageIds(db, where, term, order, read), read)),
      known,
      countUpTo,
    );
  }
  return searchedPage({
    page,
    known,
    countUpTo,
    count,
    walk: async (read) =>
      rowsOf(
        await fetch(
          db,
          walkedIds(db, {
            table: clienti,
            id: clienti.id,
            company: eq(clienti.aziendaId, aziendaId),
            where,
            sort: sortOf(CUSTOMERS_TABLE, SORTABLE, order, read.reverse),
            read,
          }),
          read,
        ),
      ),
    // The page's ids among the hits sorted, counted in the same pass, and their rows: one statement.
    sorted: async (read) => {
      const hits = db.$with('hits').as(
        db
          .select({
            hitId: sql<string>`${clienti.id}`.as('hit_id'),
            total: sql<number>`(count(*) over ())::int`.as('total'),
          })
          .from(clienti)
          .where(where)
          .orderBy(...orderOf(CUSTOMERS_TABLE, SORTABLE, order, clienti.id, { viaIndex: false, reverse: read.reverse }))
          .limit(read.limit)
          .offset(read.offset),
      );
      const found = await fetch(
        db.with(hits),
        db.select({ id: hits.hitId }).from(hits),
        read,
        sql<number>`(select max(${hits.total}) from ${hits})`,
      );
      return { rows: rowsOf(found), total: found[0]?.total ?? undefined };
    },
  });
}

/** Reads the rows of some ids: every column, or the picker's fields. */
function fetchOf(aziendaId: string, order: ListOrder) {
  const where = (ids: SQLWrapper) => and(eq(clienti.aziendaId, aziendaId), inArray(clienti.id, ids));
  const orderBy = (read: PageRead) => orderOf(CUSTOMERS_TABLE, SORTABLE, order, clienti.id, { reverse: read.reverse });
  const none = sql<number | null>`null`;
  return {
    rows: ((root, ids, read, total = none) =>
      root
        .select({ row: getTableColumns(clienti), total })
        .from(clienti)
        .where(where(ids))
        .orderBy(...orderBy(read))) satisfies Fetch<ClienteRow>,
    refs: ((root, ids, read, total = none) =>
      root
        .select({ row: REF_FIELDS, total })
        .from(clienti)
        .where(where(ids))
        .orderBy(...orderBy(read))) satisfies Fetch<Pick<ClienteRow, 'id' | 'ragioneSociale' | 'codice' | 'citta'>>,
  };
}

/**
 * One page of the company's customers and the total matching the search and filters: a search's
 * hits counted up to the threshold (`more` past it: the total is a lower bound), anything else exactly.
 */
export async function listPage(
  db: DbOrTx,
  aziendaId: string,
  q: ListQuery<CustomerColumn>,
  f: Partial<CustomersFilters>,
  counting: Counting = {},
): Promise<{ rows: ClienteRow[]; total: number; more?: boolean }> {
  const where = whereOf(aziendaId, q.q, f);
  const countUpTo = q.q ? (counting.countUpTo ?? LIST_COUNT_THRESHOLD) : undefined;
  const { items, total, more } = await listOf(
    db,
    aziendaId,
    where,
    q.q,
    q,
    pageOf(q),
    q.totale,
    countUpTo,
    fetchOf(aziendaId, q).rows,
    wholeList(aziendaId, q.q, f),
  );
  return { rows: items, total, ...(more ? { more } : {}) };
}

/**
 * Light rows for pickers, by name: only the fields a picker shows are read, and the total (which a
 * picker does not show) is counted up to the threshold, with or without a search.
 */
export async function listRefs(
  db: DbOrTx,
  aziendaId: string,
  q: string | undefined,
  limit: number,
  offset: number,
  counting: Counting = {},
) {
  const order: ListOrder = { sort: 'ragione_sociale', dir: 'asc' };
  const { items, total, more } = await listOf(
    db,
    aziendaId,
    whereOf(aziendaId, q, {}),
    q,
    order,
    { limit, offset },
    undefined,
    counting.countUpTo ?? LIST_COUNT_THRESHOLD,
    fetchOf(aziendaId, order).refs,
    wholeList(aziendaId, q, {}),
  );
  return { rows: items, total, ...(more ? { more } : {}) };
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
