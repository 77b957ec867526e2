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
