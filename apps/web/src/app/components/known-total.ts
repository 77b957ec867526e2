import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The total of a list that a cached page of the same search and filters answered, if that page
 * is still fresh and not invalidated (a save or delete invalidates the lists, and a page older
 * than the list's cache lifetime is stale): sent back with a later page, it spares the server a
 * count (`totale`, platform/lists.ts); a total answered as a lower bound (`totalePiuDi`) never is.
 * `sameSearch` tells whether a cached page's key has the same search and filters (page, size, sort
 * and direction do not change a total).
 */
export function knownTotal(
  client: QueryClient,
  listKey: QueryKey,
  sameSearch: (key: QueryKey) => boolean,
  staleMs: number,
): number | undefined {
  const usable = (q: Query) => q.state.status === 'success' && !q.state.isInvalidated && !q.isStaleByTime(staleMs);
  for (const q of client.getQueryCache().findAll({ queryKey: listKey })) {
    if (!usable(q) || !sameSearch(q.queryKey)) continue;
    const data = q.state.data as { totaleElementi?: unknown; totalePiuDi?: unknown } | undefined;
    // A lower bound ("more than 1,000") is no total to trust: the server counts again, up to the page asked.
    if (typeof data?.totaleElementi === 'number' && data.totalePiuDi !== true) return data.totaleElementi;
  }
  return undefined;
}

/** The parameters of a list query string that decide its total (all but paging and order). */
export function searchPartOf(qs: string): string {
  const p = new URLSearchParams(qs);
  for (const k of ['page', 'size', 'sort', 'dir', 'tableInfos', 'totale']) p.delete(k);
  p.sort();
  return p.toString();
}
