import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListQuery, TableDef } from '@fs/contract';

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

/**
 * ORDER BY for a whitelisted sort key, then id in the same direction (stable pages:
 * rows with equal values never swap between requests). `sortable` must cover every
 * sortable column of the table; an unknown key is a programming error.
 */
export function orderOf<K extends string>(
  def: TableDef<K>,
  sortable: Partial<Record<K, SQL | AnyColumn>>,
  q: { sort: K; dir: 'asc' | 'desc' },
  idColumn: AnyColumn,
  opts: { viaIndex?: boolean } = {},
): SQL[] {
  const col = def.columns.find((c) => c.key === q.sort);
  const expr = col?.sortable ? sortable[q.sort] : undefined;
  if (!expr) throw new Error(`table ${def.name}: ${q.sort} is not sortable`);
  const by = q.dir === 'desc' ? desc : asc;
  if (opts.viaIndex === false) {
    // coalesce(x, x) orders exactly like x but matches no index, so the planner finds the
    // rows first (e.g. through the trigram index) and sorts them, instead of walking the
    // sort index and filtering: search hits cluster alphabetically ("rossi" sorts late).
    return [by(sql`coalesce(${expr}, ${expr})`), by(idColumn)];
  }
  return [by(expr), by(idColumn)];
}

/** A contains-search of 3+ characters can use a trigram index: sort its hits rather than walk the sort index. */
export function searchSortsHits(term: string | undefined): boolean {
  return !!term && term.length >= 3;
}

/** `%term%` for LIKE on a lower()ed column: lower-cased, with % _ and \ escaped. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `term%` for prefix search on a lower()ed column (btree with text_pattern_ops or "C" collation). */
export function prefixPattern(term: string): string {
  return `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A contains-search condition on a lower()ed text expression (trigram-indexed when 3+ characters). */
export function containsCondition(expr: SQL | AnyColumn, term: string): SQL {
  return sql`${expr} like ${containsPattern(term)}`;
}

/** The page answer every list gives: items plus the total (the caller names the total field). */
export interface Page<T> {
  items: T[];
  total: number;
}

export type { ListQuery };
