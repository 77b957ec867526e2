import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@fs/contract';
import { api } from '../../../app/api/client';
import { reportKeys } from './api';

/** The customer's signature on a report (issue 12): sign, clear, mail a signing link; the public page. */

export function useSignReport() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: { id: string; firmatario: string; png: string }) =>
      (await api.call(routes.reports.sign, { body })).item,
    onSuccess: (item) => client.setQueryData(reportKeys.one(item.id), item),
  });
}

export function useClearSignature() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (id: string) => (await api.call(routes.reports.clearSignature, { params: { id } })).item,
    onSuccess: (item) => client.setQueryData(reportKeys.one(item.id), item),
  });
}

export function useSendSignatureLink() {
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: { id: string; email?: string }) => api.call(routes.reports.sendSignatureLink, { body }),
  });
}

/** The customer's email on file, to offer it in the link dialog (office users read customers). */
export function useCustomerEmail(clienteId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'customer-email', clienteId],
    enabled,
    retry: false,
    meta: { silent: true },
    queryFn: async () => (await api.call(routes.customers.getCliente, { params: { id: clienteId } })).item.email ?? '',
  });
}

export function usePublicSignature(token: string) {
  return useQuery({
    queryKey: ['public-signature', token],
    retry: false,
    meta: { silent: true },
    queryFn: async () => (await api.call(routes.reports.publicSummary, { params: { token } })).item,
  });
}

export function usePublicSign(token: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: { firmatario: string; png: string }) =>
      api.call(routes.reports.publicSign, { params: { token }, body }),
  });
}
