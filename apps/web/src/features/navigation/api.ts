import { useQuery } from '@tanstack/react-query';
import { CACHE_MS, type MenuItem } from '@fs/contract';
import { api } from '../../app/api/client';

export function useActivePages() {
  return useQuery({
    queryKey: ['navigation', 'active-pages'],
    staleTime: CACHE_MS.activePages,
    queryFn: async () => (await api.get<{ pagine: MenuItem[] }>('/api/navigazione/pagine-attive')).pagine,
  });
}

/** The menu item whose address is the current path (searching the children too). */
export function findMenuItem(items: MenuItem[], pathname: string): MenuItem | null {
  for (const item of items) {
    if (item.to === pathname) return item;
    const child = findMenuItem(item.children ?? [], pathname);
    if (child) return child;
  }
  return null;
}
