import { routes } from '@fs/contract';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../app/api/client';

/** Runtime settings of this installation (SSO switch, chat widget address); they change only with a restart. */
export const PUBLIC_CONFIG_STALE_MS = 30 * 60_000;

export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    staleTime: PUBLIC_CONFIG_STALE_MS,
    queryFn: async () => (await api.call(routes.publicConfig.publicConfig)).item,
  });
}
