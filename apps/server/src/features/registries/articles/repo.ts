import {
  and,
  asc,
  eq,
  getTableColumns,
  inArray,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { ARTICLES_TABLE, LIST_COUNT_THRESHOLD, type ArticlesFilters, type ArticleColumn } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import { sameKey } from '../../../platform/duplicates.js';
import { articoli } from '../../../platform/db/schema-articles.js';
import {
  containsCondition,
  countRows,
  isShortTerm,
  orderOf,
  pageOf,
  prefixPattern,
  readPage,
  searchCondition,
  searchedPage,
  searchSortsHits,
  sortOf,
  walkedIds,
  type PageRead,
} from '../../../platform/lists.js';

export type ArticoloRow = typeof articoli.$inferSelect;
export type ArticoloValues = Omit<typeof articoli.$inferInsert, 'id' | 'aziendaId' | 'createdAt' | 'updatedAt'>;

/**
 * The expression of the trigram index (migrations 0006, 0014): code, external
 * reference and description in one folded text (fs_fold: lower case, no accents).
 * Every contains condition is also put on it, so PostgreSQL can narrow with the
 * GIN index first.
 */
const searchText = articoli.searchText;
/** The folded description: the prefix index of a 1-2 character search (migrations 0012, 0014). */
const descrizioneFolded = sql`fs_fold(${articoli.descrizione})`;
const codiceC = sql`(lower(${articoli.codice}) COLLATE "C")`;
const riferimentoC = sql`(lower(${articoli.riferimentoEsterno}) COLLATE "C")`;

const FILTER_COLUMNS = {
  codice: articoli.codice,
  riferimento_esterno: articoli.riferimentoEsterno,
  descrizione: articoli.descrizione,
  unita_misura: articoli.unitaMisura,
} as const;

/** Conditions of the search box and the column filters (contains, case aside). */
function conditionsOf(aziendaId: string, q: string | undefined, filters: ArticlesFilters): SQL[] {
  const out: SQL[] = [sql`${articoli.aziendaId} = ${aziendaId}`];
  // Words of 3+ characters anywhere in code, reference or description, in any order (trigram index);
  // a term of short words at the start of the description (prefix index).
  if (q) out.push(searchCondition(searchText, q, descrizioneFolded));
  for (const [key, column] of Object.entries(FILTER_COLUMNS) as [
    keyof ArticlesFilters,
    (typeof FILTER_COLUMNS)[keyof ArticlesFilters],
  ][]) {
    const term = filters[key];
    if (!term) continue;
    out.push(containsCondition(sql`fs_fold(${column})`, term));
    // Implied by the line above for the three indexed fields: lets the trigram index narrow first.
    if (key !== 'unita_misura') out.push(containsCondition(searchText, term));
  }
  return out;
}

/**
 * The next `size` articles by code after `after` (keyset on the `(azienda_id, codice, id)`
 * index: each batch starts where the last ended, whatever the company's size).
 */
export async function allBatch(
  db: DbOrTx,
  aziendaId: string,
  after: { codice: string; id: string } | null,
  size: number,
): Promise<ArticoloRow[]> {
  const where = after
    ? and(
        eq(articoli.aziendaId, aziendaId),
        sql`(${articoli.codice}, ${articoli.id}) > (${after.codice}, ${after.id}::uuid)`,
      )
    : eq(articoli.aziendaId, aziendaId);
  return db.select().from(articoli).where(where).orderBy(asc(articoli.codice), asc(articoli.id)).limit(size);
}

/** A term the trigram index can serve (searchSortsHits: 3 characters or more) in the search box or a column filter. */
const searched = (q: string | undefined, f: ArticlesFilters) =>
  searchSortsHits(q) ||
  searchSortsHits(f.codice) ||
  searchSortsHits(f.riferimento_esterno) ||
  searchSortsHits(f.descrizione);

/** Sortable columns (each has its `(azienda_id, column, id)` btree); the others are never asked for (TableDef). */
function sortableOf(t: { codice: AnyColumn; riferimentoEsterno: AnyColumn; descrizione: AnyColumn }) {
  const out: Partial<Record<ArticleColumn, AnyColumn>> = {
    codice: t.codice,
    riferimento_esterno: t.riferimentoEsterno,
    descrizione: t.descrizione,
  };
  return out as Record<ArticleColumn, AnyColumn>;
}

/** How a list counts a search's hits: up to LIST_COUNT_THRESHOLD by default; Infinity counts them all (exports). */
export interface Counting {
  countUpTo?: number;
}

/**
 * The rows of some ids (a subquery), in the page's order, each with `total` (null unless asked). `root` is
 * the database, or the database with the CTE the ids come from.
 */
async function fetchRows(
  root: Pick<DbOrTx, 'select'>,
  aziendaId: string,
  sort: { sort: ArticleColumn; dir: 'asc' | 'desc' },
  ids: SQLWrapper,
  read: PageRead,
  total: SQL<number | null> = sql`null`,
): Promise<{ row: ArticoloRow; total: number | null }[]> {
  return root
    .select({ row: getTableColumns(articoli), total })
    .from(articoli)
    .where(and(eq(articoli.aziendaId, aziendaId), inArray(articoli.id, ids)))
    .orderBy(...orderOf(ARTICLES_TABLE, sortableOf(articoli), sort, articoli.id, { reverse: read.reverse }));
}

const rowsOf = <R>(found: { row: R }[]) => found.map((f) => f.row);

/**
 * The ids of one page read (forwards or backwards, platform/lists.ts). With a search the trigram index can
 * serve (`fenced`), the hits are found first and sorted on an expression no index serves: walking the sort
 * index and filtering, what the planner picks when it guesses the hits spread evenly, reads most of the
 * company when they sit late in that order (searchedPage walks it only a bounded way). Without one the ids
 * come from the sort index alone (index-only), a prefix search sorting its hits in the prefix index instead
 * (it holds every sort column).
 */
function pageIds(
  db: DbOrTx,
  where: SQL,
  fenced: boolean,
  prefixSearch: boolean,
  sort: { sort: ArticleColumn; dir: 'asc' | 'desc' },
  read: PageRead,
) {
  return db
    .select({ id: articoli.id })
    .from(articoli)
    .where(where)
    .orderBy(
      ...orderOf(ARTICLES_TABLE, sortableOf(articoli), sort, articoli.id, {
        viaIndex: !fenced && !prefixSearch,
        reverse: read.reverse,
      }),
    )
    .limit(read.limit)
    .offset(read.offset);
}

/**
 * A searched page among the hits sorted, counted in the same pass (count(*) over ()), with its rows: one
 * statement (the page's ids and the total in a CTE).
 */
async function sortedHits(
  db: DbOrTx,
  aziendaId: string,
  where: SQL,
  sort: { sort: ArticleColumn; dir: 'asc' | 'desc' },
  read: PageRead,
) {
  const hits = db.$with('hits').as(
    db
      .select({
        hitId: sql<string>`${articoli.id}`.as('hit_id'),
        total: sql<number>`(count(*) over ())::int`.as('total'),
      })
      .from(articoli)
      .where(where)
      .orderBy(
        ...orderOf(ARTICLES_TABLE, sortableOf(articoli), sort, articoli.id, { viaIndex: false, reverse: read.reverse }),
      )
      .limit(read.limit)
      .offset(read.offset),
  );
  const found = await fetchRows(
    db.with(hits),
    aziendaId,
    sort,
    db.select({ id: hits.hitId }).from(hits),
    read,
    sql<number>`(select max(${hits.total}) from ${hits})`,
  );
  return { rows: rowsOf(found), total: found[0]?.total ?? undefined };
}

/** The articles of articoli-filtered: the first `limit` matches by code (no total). */
export async function listFiltered(
  db: DbOrTx,
  aziendaId: string,
  q: string | undefined,
  filters: ArticlesFilters,
  limit: number,
) {
  const where = and(...conditionsOf(aziendaId, q, filters))!;
  const sort = { sort: 'codice', dir: 'asc' } as const;
  const read = { limit, offset: 0, reverse: false };
  return rowsOf(
    await fetchRows(db, aziendaId, sort, pageIds(db, where, searched(q, filters), isShortTerm(q), sort, read), read),
  );
}

/**
 * One page of the admin list and its total: a search's (or column filter's) hits counted up to the
 * threshold (`more` past it: the total is a lower bound), the whole list exactly. A search the trigram
 * index serves goes through searchedPage (hits sorted, or a bounded walk of the sort index when many).
 */
export async function page(
  db: DbOrTx,
  aziendaId: string,
  query: {
    page: number;
    size: number;
    sort: ArticleColumn;
    dir: 'asc' | 'desc';
    q?: string;
    filters: ArticlesFilters;
    /** The total answered for the same search and filters (readPage). */
    totale?: number;
  },
  counting: Counting = {},
): Promise<{ rows: ArticoloRow[]; total: number; more?: boolean }> {
  const where = and(...conditionsOf(aziendaId, query.q, query.filters))!;
  const searching = !!query.q || Object.values(query.filters).some(Boolean);
  const countUpTo = searching ? (counting.countUpTo ?? LIST_COUNT_THRESHOLD) : undefined;
  const fenced = searched(query.q, query.filters);
  const prefix = isShortTerm(query.q);
  const count = (atMost?: number) => countRows(db, articoli, where, atMost);
  const fetch = async (ids: SQLWrapper, read: PageRead) => rowsOf(await fetchRows(db, aziendaId, query, ids, read));
  const { items, total, more } = fenced
    ? await searchedPage({
        page: pageOf(query),
        known: query.totale,
        countUpTo,
        count,
        walk: (read) =>
          fetch(
            walkedIds(db, {
              table: articoli,
              id: articoli.id,
              company: eq(articoli.aziendaId, aziendaId),
              where,
              sort: sortOf(ARTICLES_TABLE, sortableOf(articoli), query, read.reverse),
              read,
            }),
            read,
          ),
        sorted: (read) => sortedHits(db, aziendaId, where, query, read),
      })
    : await readPage(
        pageOf(query),
        count,
        (read) => fetch(pageIds(db, where, false, prefix, query, read), read),
        query.totale,
        countUpTo,
      );
  return { rows: items, total, ...(more ? { more } : {}) };
}

/**
 * Search as you type: exact code or external reference first, then codes and
 * references starting with the term (btree on lower(..) COLLATE "C", the index
 * stops after `limit`), then, from 3 characters, the first articles found
 * containing it (trigram index), by code. Each step only asks for what the
 * earlier ones left.
 */
export async function research(db: DbOrTx, aziendaId: string, term: string, limit: number): Promise<ArticoloRow[]> {
  const lower = term.toLowerCase();
  const found: ArticoloRow[] = [];
  const seen = new Set<string>();
  const take = (rows: ArticoloRow[]) => {
    for (const r of rows) {
      if (seen.has(r.id) || found.length >= limit) continue;
      seen.add(r.id);
      found.push(r);
    }
  };
  const company = eq(articoli.aziendaId, aziendaId);
  take(
    await db
      .select()
      .from(articoli)
      .where(and(company, or(sql`${codiceC} = ${lower}`, sql`${riferimentoC} = ${lower}`)))
      .orderBy(asc(articoli.codice), asc(articoli.id))
      .limit(limit),
  );
  if (found.length < limit) {
    take(
      await db
        .select()
        .from(articoli)
        .where(and(company, sql`${codiceC} like ${prefixPattern(term)}`))
        .orderBy(codiceC, asc(articoli.id))
        .limit(limit + found.length),
    );
  }
  if (found.length < limit) {
    take(
      await db
        .select()
        .from(articoli)
        .where(and(company, sql`${riferimentoC} like ${prefixPattern(term)}`))
        .orderBy(riferimentoC, asc(articoli.id))
        .limit(limit + found.length),
    );
  }
  if (found.length < limit && searchSortsHits(term)) {
    // The first matches found (no global order: a common word matches thousands), shown by code.
    const rows = await db
      .select()
      .from(articoli)
      .where(and(company, searchCondition(searchText, term)))
      .limit(limit + found.length);
    take(rows.sort((x, y) => (x.codice < y.codice ? -1 : x.codice > y.codice ? 1 : x.id < y.id ? -1 : 1)));
  }
  return found;
}

export async function findById(db: DbOrTx, aziendaId: string, id: string): Promise<ArticoloRow | undefined> {
  const [row] = await db
    .select()
    .from(articoli)
    .where(and(eq(articoli.aziendaId, aziendaId), eq(articoli.id, id)));
  return row;
}

/** Articles with the same code, or the same external reference (trimmed, case aside). */
export async function findSameKeys(
  db: DbOrTx,
  aziendaId: string,
  keys: { codice: string; riferimentoEsterno: string | null },
  exceptId?: string,
) {
  // As codes compare: case and spaces aside (fs_key indexes, migration 0015).
  const same = [sameKey(articoli.codice, keys.codice)];
  if (keys.riferimentoEsterno) same.push(sameKey(articoli.riferimentoEsterno, keys.riferimentoEsterno));
  return db
    .select({
      id: articoli.id,
      codice: articoli.codice,
      riferimentoEsterno: articoli.riferimentoEsterno,
      descrizione: articoli.descrizione,
    })
    .from(articoli)
    .where(and(eq(articoli.aziendaId, aziendaId), or(...same), exceptId ? ne(articoli.id, exceptId) : undefined))
    .orderBy(asc(articoli.codice), asc(articoli.id))
    .limit(50);
}

export async function count(db: DbOrTx, aziendaId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(articoli)
    .where(eq(articoli.aziendaId, aziendaId));
  return row!.n;
}

export async function insert(db: DbOrTx, aziendaId: string, v: ArticoloValues): Promise<ArticoloRow> {
  const [row] = await db
    .insert(articoli)
    .values({ ...v, aziendaId })
    .returning();
  return row!;
}

export async function update(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  v: ArticoloValues,
): Promise<ArticoloRow | undefined> {
  const [row] = await db
    .update(articoli)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(articoli.aziendaId, aziendaId), eq(articoli.id, id)))
    .returning();
  return row;
}

export async function removeMany(db: DbOrTx, aziendaId: string, ids: string[]): Promise<string[]> {
  const rows = await db
    .delete(articoli)
    .where(and(eq(articoli.aziendaId, aziendaId), inArray(articoli.id, ids)))
    .returning({ id: articoli.id });
  return rows.map((r) => r.id);
}
