import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ARTICLES_CACHE_MS,
  routes,
  type ArticlesAdminQuery,
  type ArticlesFilters,
  type Article,
  type ArticleSave,
} from '@fs/contract';
import { knownTotal } from '../../../app/components/known-total';
import { api } from '../../../app/api/client';
import { useCan } from '../../../app/session/api';

export const articleKeys = {
  all: ['articles'] as const,
  admin: (q: ArticlesAdminQuery) => ['articles', 'admin', q] as const,
  everything: ['articles', 'all'] as const,
  research: (q: string) => ['articles', 'research', q] as const,
};

/** One page of the admin list (cached 3 minutes, the spec's lifetime for articles). */
export function useArticlesPage(query: ArticlesAdminQuery) {
  const client = useQueryClient();
  return useQuery({
    queryKey: articleKeys.admin(query),
    staleTime: ARTICLES_CACHE_MS,
    placeholderData: keepPreviousData,
    queryFn: () => {
      // Past page 1, the total of the same search is sent back so the server need not count again.
      const same = (key: readonly unknown[]) => {
        const other = key[2] as ArticlesAdminQuery;
        return other.q === query.q && JSON.stringify(other.filters ?? {}) === JSON.stringify(query.filters ?? {});
      };
      const totale =
        (query.page ?? 1) > 1 ? knownTotal(client, ['articles', 'admin'], same, ARTICLES_CACHE_MS) : undefined;
      return api.call(routes.articles.admin, { body: { ...query, ...(totale === undefined ? {} : { totale }) } });
    },
  });
}

/**
 * Every article (pickers): loaded only with anagrafica_articoli read (spec
 * section 6), cached 3 minutes, with the plan limit.
 */
export function useAllArticles() {
  const canRead = useCan('anagrafica_articoli', 'read');
  return useQuery({
    queryKey: articleKeys.everything,
    enabled: canRead === true,
    staleTime: ARTICLES_CACHE_MS,
    queryFn: () => api.call(routes.articles.all),
  });
}

/** Search as you type: the caller debounces `q`; nothing is asked for an empty term. */
export function useArticleResearch(q: string, limit = 10) {
  const term = q.trim();
  return useQuery({
    queryKey: [...articleKeys.research(term), limit],
    enabled: term.length > 0,
    staleTime: ARTICLES_CACHE_MS,
    placeholderData: keepPreviousData,
    meta: { silent: true },
    queryFn: async () => (await api.call(routes.articles.research, { body: { q: term, limit } })).items,
  });
}

/** Exact matches of a code or external reference (the form's duplicate warning before saving). */
export async function findSame(
  field: 'codice' | 'riferimento_esterno',
  value: string,
  exceptId?: string,
): Promise<Article[]> {
  const v = value.trim().toLowerCase();
  if (!v) return [];
  const r = await api.call(routes.articles.research, { body: { q: value.trim(), limit: 50 } });
  return r.items.filter((a) => a.id !== exceptId && (a[field] ?? '').trim().toLowerCase() === v);
}

export type { ArticlesFilters };

export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: ArticleSave) => api.call(routes.articles.save, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: articleKeys.all }),
  });
}

export function useRemoveArticles() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (ids: string[]) => api.call(routes.articles.removeArticles, { body: { ids } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: articleKeys.all }),
  });
}
