import { and, asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { SEARCH_CONTAINS_MIN_LENGTH, type ListQuery, type TableDef } from '@fs/contract';

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
 * One page and the total. The first page is read forwards beside the count; a later one
 * waits for the count and is read from the nearer end (pageRead). `rows` must order with
 * orderOf(..., { reverse: read.reverse }). `known` is the total a page of the same search and
 * filters answered (the client sends it back): a later page in the front half trusts it and is
 * read at once without counting; the first page always counts (it is how a total becomes known),
 * and a page in the back half too (reading from the end needs the exact total).
 */
export async function readPage<T>(
  page: { limit: number; offset: number },
  count: () => Promise<number>,
  rows: (read: PageRead) => Promise<T[]>,
  known?: number,
): Promise<Page<T>> {
  if (page.offset === 0) {
    const [items, total] = await Promise.all([rows({ ...page, reverse: false }), count()]);
    return { items, total };
  }
  if (known !== undefined && 2 * page.offset + page.limit <= known) {
    return { items: await rows({ ...page, reverse: false }), total: known };
  }
  const total = await count();
  const read = pageRead(page.offset, page.limit, total);
  if (!read) return { items: [], total };
  const items = await rows(read);
  return { items: read.reverse ? items.reverse() : items, total };
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
  const col = def.columns.find((c) => c.key === q.sort);
  const expr = col?.sortable ? sortable[q.sort] : undefined;
  if (!expr) throw new Error(`table ${def.name}: ${q.sort} is not sortable`);
  const by = (q.dir === 'desc') !== !!opts.reverse ? desc : asc;
  if (opts.viaIndex === false) {
    // coalesce(x, x) orders exactly like x but matches no index, so the planner finds the
    // rows first (e.g. through the trigram index) and sorts them, instead of walking the
    // sort index and filtering: search hits cluster alphabetically ("rossi" sorts late).
    return [by(sql`coalesce(${expr}, ${expr})`), by(idColumn)];
  }
  return [by(expr), by(idColumn)];
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
}

export type { ListQuery };

/** Rows read per page when a whole filtered list is exported. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * Every row of a filtered list, page by page in the list's order (an export streams them as
 * they come): the first page counts, the later ones are read with that total known.
 */
export async function* eachPage<R>(
  read: (page: number, size: number, knownTotal?: number) => Promise<{ rows: R[]; total: number }>,
): AsyncGenerator<R> {
  let total: number | undefined;
  for (let page = 1; ; page++) {
    const r = await read(page, EXPORT_PAGE_SIZE, total);
    total ??= r.total;
    yield* r.rows;
    if (r.rows.length < EXPORT_PAGE_SIZE || page * EXPORT_PAGE_SIZE >= total) return;
  }
}
