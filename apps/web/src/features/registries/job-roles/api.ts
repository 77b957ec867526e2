import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { JOBS_CACHE_MS, type Controllo, type ControlloSave, type Mansione, type MansioneSave } from '@fs/contract';
import { api, apiRequest } from '../../../app/api/client';
import { useCan } from '../../../app/session/api';

export const jobKeys = { all: ['jobs'] as const };

/** Job roles with their checks and holders (cached 30 minutes); loaded only with mansioni read. */
export function useJobs() {
  const canRead = useCan('mansioni', 'read');
  return useQuery({
    queryKey: jobKeys.all,
    enabled: canRead === true,
    staleTime: JOBS_CACHE_MS,
    queryFn: async () => (await api.get<{ items: Mansione[] }>('/api/mansioni/mansioni')).items,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: jobKeys.all });
}

export function useSaveJob() {
  const refresh = useRefresh();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: MansioneSave) =>
      (await api.post<{ item: Mansione }>('/api/mansioni/mansione/create', body)).item,
    onSuccess: refresh,
  });
}

/** Deleting answers 403 with 0032..0035 when the job role is in use; the caller shows that alert. */
export function useDeleteJob() {
  const refresh = useRefresh();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => apiRequest(`/api/mansioni/mansione/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useSaveCheck() {
  const refresh = useRefresh();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: ControlloSave) =>
      (await api.post<{ item: Controllo }>('/api/controlli/controllo', body)).item,
    onSuccess: refresh,
  });
}

export function useDeleteCheck() {
  const refresh = useRefresh();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => apiRequest(`/api/controlli/controllo/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
