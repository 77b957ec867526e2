import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignatureLinkResponse, PublicSignatureSummary, Report } from '@fs/contract';
import { api, apiRequest } from '../../../app/api/client';
import { reportKeys } from './api';

/** The customer's signature on a report (issue 12): sign, clear, mail a signing link; the public page. */

export function useSignReport() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: { id: string; firmatario: string; png: string }) =>
      (await api.post<{ item: Report }>('/api/rapportini/rapportino/firma', body)).item,
    onSuccess: (item) => client.setQueryData(reportKeys.one(item.id), item),
  });
}

export function useClearSignature() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (id: string) =>
      (await apiRequest<{ item: Report }>(`/api/rapportini/rapportino/firma/${id}`, { method: 'DELETE' })).item,
    onSuccess: (item) => client.setQueryData(reportKeys.one(item.id), item),
  });
}

export function useSendSignatureLink() {
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: { id: string; email?: string }) =>
      api.post<SignatureLinkResponse>('/api/rapportini/rapportino/firma/link', body),
  });
}

/** The customer's email on file, to offer it in the link dialog (office users read customers). */
export function useCustomerEmail(clienteId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'customer-email', clienteId],
    enabled,
    retry: false,
    meta: { silent: true },
    queryFn: async () =>
      (await api.get<{ item: { email: string | null } }>(`/api/clienti/cliente/${clienteId}`)).item.email ?? '',
  });
}

export function usePublicSignature(token: string) {
  return useQuery({
    queryKey: ['public-signature', token],
    retry: false,
    meta: { silent: true },
    queryFn: async () =>
      (
        await api.get<{ item: PublicSignatureSummary }>(`/api/public/firma/${encodeURIComponent(token)}`, {
          isPublic: true,
        })
      ).item,
  });
}

export function usePublicSign(token: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: { firmatario: string; png: string }) =>
      api.post<{ firmatario: string; firmato_il: string }>(`/api/public/firma/${encodeURIComponent(token)}`, body, {
        isPublic: true,
      }),
  });
}
