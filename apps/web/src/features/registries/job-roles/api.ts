import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { JOBS_CACHE_MS, routes, type ChecklistItemSave, type JobRoleSave } from '@fs/contract';
import { api } from '../../../app/api/client';
import { useCan } from '../../../app/session/api';

export const jobKeys = { all: ['jobs'] as const };

/** Job roles with their checks and holders (cached 30 minutes); loaded only with mansioni read. */
export function useJobs() {
  const canRead = useCan('mansioni', 'read');
  return useQuery({
    queryKey: jobKeys.all,
    enabled: canRead === true,
    staleTime: JOBS_CACHE_MS,
    queryFn: async () => (await api.call(routes.jobRoles.list)).items,
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
    mutationFn: async (body: JobRoleSave) => (await api.call(routes.jobRoles.saveMansione, { body })).item,
    onSuccess: refresh,
  });
}

/** Deleting answers 403 with 0032..0035 when the job role is in use; the caller shows that alert. */
export function useDeleteJob() {
  const refresh = useRefresh();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => api.call(routes.jobRoles.deleteMansione, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useSaveCheck() {
  const refresh = useRefresh();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: ChecklistItemSave) => (await api.call(routes.jobRoles.saveControllo, { body })).item,
    onSuccess: refresh,
  });
}

export function useDeleteCheck() {
  const refresh = useRefresh();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => api.call(routes.jobRoles.deleteControllo, { params: { id } }),
    onSuccess: refresh,
  });
}
