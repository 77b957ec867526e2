import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  JOBS_CACHE_MS,
  type ChecklistItem,
  type ChecklistItemSave,
  type JobRole,
  type JobRoleSave,
} from '@fs/contract';
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
    queryFn: async () => (await api.get<{ items: JobRole[] }>('/api/mansioni/mansioni')).items,
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
    mutationFn: async (body: JobRoleSave) =>
      (await api.post<{ item: JobRole }>('/api/mansioni/mansione/create', body)).item,
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
    mutationFn: async (body: ChecklistItemSave) =>
      (await api.post<{ item: ChecklistItem }>('/api/controlli/controllo', body)).item,
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
