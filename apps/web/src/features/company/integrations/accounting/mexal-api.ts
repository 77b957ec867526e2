import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type MexalLoginRequest } from '@fs/contract';
import { api } from '../../../../app/api/client';

/** Passepartout Mexal's connection (issue 29, decision 0052): administrators only. */
export const mexalKeys = { check: ['mexal', 'check'] as const };

export function useMexalConnection() {
  return useQuery({
    queryKey: mexalKeys.check,
    queryFn: async () => (await api.call(routes.mexal.check)).item,
  });
}

export function useMexalLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: MexalLoginRequest) => (await api.call(routes.mexal.login, { body })).item,
    onSuccess: (item) => queryClient.setQueryData(mexalKeys.check, item),
    // A refused password is kept by the server (state RIFIUTATO): read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: mexalKeys.check }),
  });
}

export function useMexalLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(routes.mexal.logout)).item,
    onSuccess: (item) => queryClient.setQueryData(mexalKeys.check, item),
  });
}
