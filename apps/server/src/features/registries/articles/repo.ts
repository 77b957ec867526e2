import { and, asc, eq, inArray, ne, or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ARTICOLI_TABLE, LIST_COUNT_THRESHOLD, type ArticoliFilters, type ArticoloColumn } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import { sameKey } from '../../../platform/duplicates.js';
import { articoli } from '../../../platform/db/schema-articles.js';
import {
  containsCondition,
  countRows,
  firstFilling,
  isShortTerm,
  orderOf,
  pageOf,
  prefixPattern,
  readPage,
  searchCondition,
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
function conditionsOf(aziendaId: string, q: string | undefined, filters: ArticoliFilters): SQL[] {
  const out: SQL[] = [sql`${articoli.aziendaId} = ${aziendaId}`];
  // Words of 3+ characters anywhere in code, reference or description, in any order (trigram index);
  // a term of short words at the start of the description (prefix index).
  if (q) out.push(searchCondition(searchText, q, descrizioneFolded));
  for (const [key, column] of Object.entries(FILTER_COLUMNS) as [
    keyof ArticoliFilters,
    (typeof FILTER_COLUMNS)[keyof ArticoliFilters],
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
const searched = (q: string | undefined, f: ArticoliFilters) =>
  searchSortsHits(q) ||
  searchSortsHits(f.codice) ||
  searchSortsHits(f.riferimento_esterno) ||
  searchSortsHits(f.descrizione);

/** Sortable columns (each has its `(azienda_id, column, id)` btree); the others are never asked for (TableDef). */
function sortableOf(t: { codice: AnyColumn; riferimentoEsterno: AnyColumn; descrizione: AnyColumn }) {
  const out: Partial<Record<ArticoloColumn, AnyColumn>> = {
    codice: t.codice,
    riferimento_esterno: t.riferimentoEsterno,
    descrizione: t.descrizione,
  };
  return out as Record<ArticoloColumn, AnyColumn>;
}

/** How a list counts a search's hits: up to LIST_COUNT_THRESHOLD by default; Infinity counts them all (exports). */
export interface Counting {
  countUpTo?: number;
}

/**
 * The rows of one page read (forwards or backwards, platform/lists.ts). With a search the trigram
 * index can serve (`fenced`), the hits are found first and sorted on an expression no index serves:
 * walking the sort index and filtering, what the planner picks when it guesses the hits spread
 * evenly, reads most of the company when they sit late in that order. When they are many (counted
 * first, read.many), a bounded walk of the sort index is tried first (walkedIds): it stops at the page
 * instead of sorting thousands of hits. Without such a search the ids come from the sort index alone
 * (index-only), a prefix search sorting its hits in the prefix index instead (it holds every sort
 * column), and then just those rows are read.
 */
function pageRows(
  db: DbOrTx,
  aziendaId: string,
  where: SQL,
  fenced: boolean,
  prefixSearch: boolean,
  sort: { sort: ArticoloColumn; dir: 'asc' | 'desc' },
  read: PageRead,
): Promise<ArticoloRow[]> {
  const sortable = sortableOf(articoli);
  const orderBy = (viaIndex: boolean) =>
    orderOf(ARTICOLI_TABLE, sortable, sort, articoli.id, { viaIndex, reverse: read.reverse });
  const ids = (viaIndex: boolean) =>
    db
      .select({ id: articoli.id })
      .from(articoli)
      .where(where)
      .orderBy(...orderBy(viaIndex))
      .limit(read.limit)
      .offset(read.offset);
  let attempts: SQLWrapper[];
  if (!fenced) attempts = [ids(!prefixSearch)];
  else if (!read.many) attempts = [ids(false)];
  else {
    const sortBy = sortOf(ARTICOLI_TABLE, sortable, sort, read.reverse);
    attempts = [
      walkedIds(db, {
        table: articoli,
        id: articoli.id,
        company: eq(articoli.aziendaId, aziendaId),
        where,
        sort: sortBy,
        read,
      }),
      ids(false),
    ];
  }
  return firstFilling(
    read.limit,
    attempts.map(
      (found) => () =>
        db
          .select()
          .from(articoli)
          .where(and(eq(articoli.aziendaId, aziendaId), inArray(articoli.id, found)))
          .orderBy(...orderBy(true)),
    ),
  );
}

/** The articles of articoli-filtered: the first `limit` matches by code (no total). */
export async function listFiltered(
  db: DbOrTx,
  aziendaId: string,
  q: string | undefined,
  filters: ArticoliFilters,
  limit: number,
) {
  const where = and(...conditionsOf(aziendaId, q, filters))!;
  return pageRows(
    db,
    aziendaId,
    where,
    searched(q, filters),
    isShortTerm(q),
    { sort: 'codice', dir: 'asc' },
    {
      limit,
      offset: 0,
      reverse: false,
    },
  );
}

/**
 * One page of the admin list and its total: a search's (or column filter's) hits counted up to the
 * threshold (`more` past it: the total is a lower bound), the whole list exactly.
 */
export async function page(
  db: DbOrTx,
  aziendaId: string,
  query: {
    page: number;
    size: number;
    sort: ArticoloColumn;
    dir: 'asc' | 'desc';
    q?: string;
    filters: ArticoliFilters;
    /** The total answered for the same search and filters (readPage). */
    totale?: number;
  },
  counting: Counting = {},
): Promise<{ rows: ArticoloRow[]; total: number; more?: boolean }> {
  const where = and(...conditionsOf(aziendaId, query.q, query.filters))!;
  const searching = !!query.q || Object.values(query.filters).some(Boolean);
  const fenced = searched(query.q, query.filters);
  const { items, total, more } = await readPage(
    pageOf(query),
    (atMost) => countRows(db, articoli, where, atMost),
    (read) => pageRows(db, aziendaId, where, fenced, isShortTerm(query.q), query, read),
    query.totale,
    searching ? (counting.countUpTo ?? LIST_COUNT_THRESHOLD) : undefined,
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
