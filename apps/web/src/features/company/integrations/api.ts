import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type ApiKeyGenerateRequest } from '@fs/contract';
import { api } from '../../../app/api/client';

/** API keys (issue 28, decision 0048): administrators only. */
export const apiKeyKeys = { all: ['api-keys'] as const };

export function useApiKeys(enabled = true) {
  return useQuery({
    queryKey: apiKeyKeys.all,
    enabled,
    queryFn: async () => (await api.call(routes.apiKeys.list)).items,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
}

export function useGenerateApiKey() {
  const refresh = useRefresh();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: ApiKeyGenerateRequest) => api.call(routes.apiKeys.generate, { body }),
    onSuccess: refresh,
  });
}

export function useRollApiKey() {
  const refresh = useRefresh();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (v: { id: string; giorniValidita: number }) =>
      api.call(routes.apiKeys.roll, { params: { id: v.id }, body: { giorniValidita: v.giorniValidita } }),
    onSuccess: refresh,
  });
}

export function useRevokeApiKey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => (await api.call(routes.apiKeys.remove, { params: { id } })).item,
    onSuccess: refresh,
  });
}
