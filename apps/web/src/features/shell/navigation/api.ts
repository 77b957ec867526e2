import { useQuery } from '@tanstack/react-query';
import { CACHE_MS, type MenuItem, routes } from '@fs/contract';
import { api } from '../../../app/api/client';

export function useActivePages() {
  return useQuery({
    queryKey: ['navigation', 'active-pages'],
    staleTime: CACHE_MS.activePages,
    queryFn: async () => (await api.call(routes.reference.activePages)).pagine as MenuItem[],
  });
}

/** The menu item whose address is the current path (searching the children too). */
export function findMenuItem(items: MenuItem[], pathname: string): MenuItem | null {
  return findExact(items, pathname) ?? findSection(items, pathname);
}

function findExact(items: MenuItem[], pathname: string): MenuItem | null {
  for (const item of items) {
    if (item.to === pathname) return item;
    const child = findExact(item.children ?? [], pathname);
    if (child) return child;
  }
  return null;
}

/** A page below a menu entry (`/customers/<id>` is under Clienti): the entry with the longest matching path. */
function findSection(items: MenuItem[], pathname: string): MenuItem | null {
  let best: MenuItem | null = null;
  const visit = (list: MenuItem[]) => {
    for (const item of list) {
      if (item.to && item.to !== '/' && pathname.startsWith(`${item.to}/`) && item.to.length > (best?.to?.length ?? 0))
        best = item;
      visit(item.children ?? []);
    }
  };
  visit(items);
  return best;
}
