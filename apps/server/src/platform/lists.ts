import { and, asc, desc, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { SEARCH_CONTAINS_MIN_LENGTH, type ListQuery, type TableDef } from '@fs/contract';
import type { DbOrTx } from './db/client.js';

/**
 * Server side of the shared list infrastructure (packages/contract/src/lists.ts):
 * paging, whitelisted sorting with a stable tie-break on id, contains-search.
 * A feature maps each sortable column of its TableDef to the expression its index
 * is built on (e.g. lower(ragione_sociale)), so ORDER BY walks the index
 * `(azienda_id, <expr>, id)` and stops after the page.
 */

/** LIMIT/OFFSET of a page (page from 1). */
export function pageOf(q: { page: number; size: number }): { limit: number; offset: number } {
  return { limit: q.size, offset: (q.page - 1) * q.size };
}

/** How one page is read: LIMIT/OFFSET in the list's order, or in the reversed order (rows then reversed). */
export interface PageRead {
  limit: number;
  offset: number;
  reverse: boolean;
}

/**
 * Backwards paging: OFFSET reads and drops every row before the page, so a page past the
 * middle is cheaper from the other end. Reading the order reversed (every direction flipped,
 * the id tie-break too) from `total - offset - limit` (a partial last page: from 0, fewer
 * rows) gives the same rows, last first. Null for a page past the end.
 */
export function pageRead(offset: number, limit: number, total: number): PageRead | null {
  if (offset >= total) return null;
  // Forwards reads offset + limit rows, backwards total - offset.
  if (2 * offset + limit <= total) return { limit, offset, reverse: false };
  const fromEnd = total - offset - limit;
  return fromEnd >= 0
    ? { limit, offset: fromEnd, reverse: true }
    : { limit: limit + fromEnd, offset: 0, reverse: true };
}

/**
 * How many hits a capped count reads for a page: the threshold, or past it the next multiple that covers the
 * page and one row more (page 40 of 25 counts up to 2,000), so that a next page, when there is one, shows.
 */
export function countCap(offset: number, limit: number, threshold: number): number {
  return threshold * (Math.floor((offset + limit) / threshold) + 1);
}

/**
 * One page and the total. The first page is read forwards beside the count; a later one
 * waits for the count and is read from the nearer end (pageRead). `rows` must order with
 * orderOf(..., { reverse: read.reverse }). `known` is the total a page of the same search and
 * filters answered (the client sends it back): a later page in the front half trusts it and is
 * read at once without counting; the first page always counts (it is how a total becomes known),
 * and a page in the back half too (reading from the end needs the exact total).
 *
 * `countUpTo` (a search; Infinity or undefined count exactly): at most countCap(...) rows are counted,
 * plus one (`count(atMost)`: a LIMITed subquery, the rows past it never read). Finding more answers the
 * cap as a lower bound (`more`), the page read forwards; otherwise the total is exact, as above.
 */
export async function readPage<T>(
  page: { limit: number; offset: number },
  count: (atMost?: number) => Promise<number>,
  rows: (read: PageRead) => Promise<T[]>,
  known?: number,
  countUpTo?: number,
): Promise<Page<T>> {
  const capped = countUpTo !== undefined && Number.isFinite(countUpTo);
  const cap = capped ? countCap(page.offset, page.limit, countUpTo) : undefined;
  const counted = async (): Promise<{ total: number; more?: boolean }> => {
    if (cap === undefined) return { total: await count() };
    const n = await count(cap + 1);
    return n > cap ? { total: cap, more: true } : { total: n };
  };
  if (page.offset === 0) {
    const [items, total] = await Promise.all([rows({ ...page, reverse: false }), counted()]);
    return { items, ...total };
  }
  if (known !== undefined && 2 * page.offset + page.limit <= known) {
    return { items: await rows({ ...page, reverse: false }), total: known };
  }
  const total = await counted();
  // A lower bound is past this page (the cap covers it): read forwards.
  const read = total.more ? { ...page, reverse: false } : pageRead(page.offset, page.limit, total.total);
  if (!read) return { items: [], ...total };
  const items = await rows(read);
  return { items: read.reverse ? items.reverse() : items, ...total };
}

/**
 * One page of a contains-search (a word of 3+ characters: the trigram index finds the hits) and its
 * total. The list's sort index is walked first, a bounded way (`walk`: walkedIds): it stops as soon as the
 * page is full, so a search matching many rows finds its page in a few hundred rows instead of sorting
 * thousands of hits, and its total is then counted up to the threshold (`countUpTo`, as readPage's). A walk
 * that comes back short (hits rarer than one row in WALK_ROWS_PER_ROW, or late in the order, or few) leaves
 * the hits to be sorted, counted in the same pass (`sorted` answers the exact total: count(*) over ()).
 * A total sent back (`known`, exact) is trusted past page 1 as readPage trusts it; it also tells when the
 * page is the last, which no walk fills. Always read forwards: the hits are either many or sorted anyway.
 */
export async function searchedPage<T>(o: {
  page: { limit: number; offset: number };
  known?: number;
  countUpTo?: number;
  count: (atMost?: number) => Promise<number>;
  walk: (read: PageRead) => Promise<T[]>;
  sorted: (read: PageRead) => Promise<{ rows: T[]; total?: number }>;
}): Promise<Page<T>> {
  const read: PageRead = { ...o.page, reverse: false };
  const known = read.offset > 0 ? o.known : undefined;
  if (known !== undefined && known < read.offset + read.limit) {
    const { rows } = read.offset < known ? await o.sorted(read) : { rows: [] };
    return { items: rows, total: known };
  }
  const counted = async (): Promise<{ total: number; more?: boolean }> => {
    if (o.countUpTo === undefined || !Number.isFinite(o.countUpTo)) return { total: await o.count() };
    const cap = countCap(read.offset, read.limit, o.countUpTo);
    const n = await o.count(cap + 1);
    return n > cap ? { total: cap, more: true } : { total: n };
  };
  const walked = await o.walk(read);
  if (walked.length >= read.limit) {
    return { items: walked, ...(known !== undefined ? { total: known } : await counted()) };
  }
  const sorted = await o.sorted(read);
  if (known !== undefined) return { items: sorted.rows, total: known };
  if (sorted.total !== undefined) return { items: sorted.rows, total: sorted.total };
  // A page past the end has no row to carry the total.
  return { items: [], ...(read.offset > 0 ? await counted() : { total: 0 }) };
}

/**
 * ORDER BY for a whitelisted sort key, then id in the same direction (stable pages:
 * rows with equal values never swap between requests). `sortable` must cover every
 * sortable column of the table; an unknown key is a programming error. `reverse` flips
 * both directions (backwards paging); PostgreSQL puts NULLs last ascending and first
 * descending, so the reversed order is exactly the order read from the other end.
 */
export function orderOf<K extends string>(
  def: TableDef<K>,
  sortable: Partial<Record<K, SQL | AnyColumn>>,
  q: { sort: K; dir: 'asc' | 'desc' },
  idColumn: AnyColumn,
  opts: { viaIndex?: boolean; reverse?: boolean } = {},
): SQL[] {
  const { expr, by } = sortOf(def, sortable, q, opts.reverse);
  if (opts.viaIndex === false) {
    // coalesce(x, x) orders exactly like x but matches no index, so the planner finds the
    // rows first (e.g. through the trigram index) and sorts them, instead of walking the
    // sort index and filtering: search hits cluster alphabetically ("rossi" sorts late).
    return [by(sql`coalesce(${expr}, ${expr})`), by(idColumn)];
  }
  return [by(expr), by(idColumn)];
}

/** The expression a whitelisted sort key orders by (its index's) and the direction, flipped when `reverse`. */
export function sortOf<K extends string>(
  def: TableDef<K>,
  sortable: Partial<Record<K, SQL | AnyColumn>>,
  q: { sort: K; dir: 'asc' | 'desc' },
  reverse = false,
): { expr: SQL | AnyColumn; by: typeof asc } {
  const col = def.columns.find((c) => c.key === q.sort);
  const expr = col?.sortable ? sortable[q.sort] : undefined;
  if (!expr) throw new Error(`table ${def.name}: ${q.sort} is not sortable`);
  return { expr, by: (q.dir === 'desc') !== reverse ? desc : asc };
}

/**
 * How many rows of the company a walk may read per row up to the end of the page it looks for: it finds
 * its page when at least one row in 20 matches (hits 5 % of the company or more, spread over the order),
 * and reads at most WALK_MAX_ROWS. Past that, sorting the hits costs less than walking further.
 */
export const WALK_ROWS_PER_ROW = 20;
export const WALK_MAX_ROWS = 10_000;

/**
 * The ids of one page of a search with many hits, found by walking the list's sort index: the company's
 * first WALK_ROWS_PER_ROW × (offset + limit) rows in the list's order (at most WALK_MAX_ROWS: an index range
 * that stops there, sort value and id beside whether the row matches), the page taken among those that match.
 * Exact whenever it fills the page: the matches among the first rows in order are the first matches. Hits too
 * sparse or sitting late in the order leave it short: the page must then come from the hits sorted
 * (searchedPage).
 * `sort` must be the expression of an index `(company, sort, id)`; `where` holds every condition.
 */
export function walkedIds(
  db: DbOrTx,
  o: {
    table: PgTable;
    id: PgColumn;
    company: SQL;
    where: SQL;
    sort: { expr: SQL | AnyColumn; by: typeof asc };
    read: PageRead;
  },
): SQLWrapper {
  const { expr, by } = o.sort;
  const budget = Math.min(WALK_MAX_ROWS, WALK_ROWS_PER_ROW * (o.read.offset + o.read.limit));
  const walked = db
    .select({ id: o.id, k: sql`${expr}`.as('k'), hit: sql<boolean>`${o.where}`.as('hit') })
    .from(o.table)
    .where(o.company)
    .orderBy(by(expr), by(o.id))
    .limit(budget)
    .as('walked');
  // Ordered by the walk's own output columns, so PostgreSQL keeps the walk's order and stops at the page.
  return db
    .select({ id: walked.id })
    .from(walked)
    .where(sql`${walked.hit}`)
    .orderBy(by(walked.k), by(walked.id))
    .limit(o.read.limit)
    .offset(o.read.offset);
}

/**
 * How many rows of `table` match `where`; with `atMost`, counting stops there (a LIMITed subquery: the
 * rows past it are never read).
 */
export async function countRows(db: DbOrTx, table: PgTable, where: SQL | undefined, atMost?: number): Promise<number> {
  const n = sql<number>`count(*)::int`;
  if (atMost === undefined) {
    const [r] = await db.select({ n }).from(table).where(where);
    return r?.n ?? 0;
  }
  const hits = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(atMost)
    .as('hits');
  const [r] = await db.select({ n }).from(hits);
  return r?.n ?? 0;
}

/**
 * The words of a search term: split on spaces, so that "valvola sfera" finds "Valvola a sfera"
 * (every word somewhere in the searched text, in any order).
 */
export function searchWords(term: string | undefined): string[] {
  return (term ?? '').trim().split(/\s+/).filter(Boolean);
}

/**
 * A term with no word of 3+ characters: searched as a prefix (a btree range; a contains-search
 * of 1-2 characters would read every row, no trigram index can serve it).
 */
export function isShortTerm(term: string | undefined): boolean {
  const words = searchWords(term);
  return words.length > 0 && !words.some((w) => w.length >= SEARCH_CONTAINS_MIN_LENGTH);
}

/** A contains-search a trigram index can serve (a word of 3+ characters): sort its hits rather than walk the sort index. */
export function searchSortsHits(term: string | undefined): boolean {
  return searchWords(term).some((w) => w.length >= SEARCH_CONTAINS_MIN_LENGTH);
}

/**
 * A term folded as the searched columns are (`fs_fold`, migration 0014: lower case, accents and
 * ligatures off through `unaccent`, on PGlite and PostgreSQL alike), so "forli" finds "Forlì".
 * Folded by the database itself: the same dictionary on both sides of LIKE.
 */
export function folded(term: string): SQL {
  return sql`fs_fold(${term})`;
}

/** The folded `expr` starts with the whole term (starts_with(): a range on a text_pattern_ops btree). */
export function startsWithCondition(expr: SQL | AnyColumn, term: string): SQL {
  return sql`starts_with(${expr}, ${folded(term.trim())})`;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%term%` for LIKE on a folded column: folded by the database, with % _ and \ escaped. */
export function containsPattern(term: string): SQL {
  return sql`'%' || ${folded(escapeLike(term))} || '%'`;
}

/** `term%` for prefix search on a lower()ed column (btree with text_pattern_ops or "C" collation). */
export function prefixPattern(term: string): string {
  return `${escapeLike(term.toLowerCase())}%`;
}

/** The folded `expr` contains the term (trigram-indexed when 3+ characters). */
export function containsCondition(expr: SQL | AnyColumn, term: string): SQL {
  return sql`${expr} like ${containsPattern(term)}`;
}

/**
 * The search box on a folded text: a term with a word of 3+ characters matches when every word is
 * somewhere in `expr`, in any order (the trigram index narrows on the long words); a term of short
 * words only is a prefix of `prefixExpr` (the start of a name or a description).
 */
export function searchCondition(expr: SQL | AnyColumn, term: string, prefixExpr: SQL | AnyColumn = expr): SQL {
  if (isShortTerm(term)) return startsWithCondition(prefixExpr, term);
  return and(...searchWords(term).map((w) => containsCondition(expr, w)))!;
}

/** The page answer every list gives: items plus the total (the caller names the total field). */
export interface Page<T> {
  items: T[];
  total: number;
  /** `total` is a lower bound: a capped count found more (`totalePiuDi` on the wire). */
  more?: boolean;
}

export type { ListQuery };

/** Rows read per page when a whole filtered list is exported. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * Every row of a filtered list, page by page in the list's order (an export streams them as
 * they come): the first page counts, the later ones are read with that total known. Exports
 * count exactly; a total that is only a lower bound (`more`) is never passed on, and then only
 * a short page ends the list.
 */
export async function* eachPage<R>(
  read: (page: number, size: number, knownTotal?: number) => Promise<{ rows: R[]; total: number; more?: boolean }>,
): AsyncGenerator<R> {
  let total: number | undefined;
  for (let page = 1; ; page++) {
    const r = await read(page, EXPORT_PAGE_SIZE, total);
    if (!r.more) total ??= r.total;
    yield* r.rows;
    if (r.rows.length < EXPORT_PAGE_SIZE || (total !== undefined && page * EXPORT_PAGE_SIZE >= total)) return;
  }
}
