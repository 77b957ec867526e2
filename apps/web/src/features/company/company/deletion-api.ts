import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CACHE_MS, routes } from '@fs/contract';
import { api } from '../../../app/api/client';

const key = ['company', 'deletion'] as const;

/** The pending deletion request of the company (admins see it as a banner and on the company page). */
export function useDeletionStatus(enabled = true) {
  return useQuery({
    queryKey: key,
    enabled,
    staleTime: CACHE_MS.company,
    queryFn: async () => (await api.call(routes.companyDeletion.status)).item,
  });
}

export function useRequestDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async () => (await api.call(routes.companyDeletion.requestDeletion, { body: { conferma: true } })).item,
    onSuccess: (item) => queryClient.setQueryData(key, item),
  });
}

export function useRestoreCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async () => (await api.call(routes.companyDeletion.restore, { body: {} })).item,
    onSuccess: (item) => queryClient.setQueryData(key, item),
  });
}
