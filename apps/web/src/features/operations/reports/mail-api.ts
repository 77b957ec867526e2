import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@fs/contract';
import { api } from '../../../app/api/client';
import { reportKeys } from './api';

/** The report mailed to the customer and its log (issue 12). */

export const mailLogKey = (id: string) => ['reports', 'mail-log', id] as const;

/** Polls while a sending is in_coda: every 3 s, at most this many times in a row. */
const POLL_MS = 3000;
const MAX_POLLS = 20;

export function useMailLog(id: string) {
  const client = useQueryClient();
  const polls = useRef(0);
  const waiting = useRef(new Set<string>());
  return useQuery({
    queryKey: mailLogKey(id),
    queryFn: async () => {
      const items = (await api.call(routes.reports.mailLog, { params: { id } })).items;
      // A sending seen in coda is now sent: the report's inviato state changed.
      if (items.some((e) => e.stato === 'inviato' && waiting.current.has(e.id))) {
        void client.invalidateQueries({ queryKey: reportKeys.one(id) });
      }
      waiting.current = new Set(items.filter((e) => e.stato === 'in_coda').map((e) => e.id));
      return items;
    },
    refetchInterval: (query) => {
      const waiting = query.state.data?.some((e) => e.stato === 'in_coda') ?? false;
      if (!waiting) {
        polls.current = 0;
        return false;
      }
      return polls.current++ < MAX_POLLS ? POLL_MS : false;
    },
  });
}

export function useSendReportMail() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: { id: string; destinatari: string[]; oggetto?: string; messaggio?: string }) =>
      (await api.call(routes.reports.sendReport, { body })).item,
    // The log then polls until the sending leaves in_coda (and refreshes the report once sent).
    onSuccess: (_item, body) => void client.invalidateQueries({ queryKey: mailLogKey(body.id) }),
  });
}

/** The customer's email and its contacts that have one, to offer as recipients. */
export function useCustomerAddresses(clienteId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'customer-addresses', clienteId],
    enabled,
    retry: false,
    meta: { silent: true },
    queryFn: async () => {
      const { item } = await api.call(routes.customers.getCliente, { params: { id: clienteId } });
      return {
        email: item.email?.trim() || null,
        contatti: (item.recapiti ?? [])
          .filter((r) => r.email?.trim())
          .map((r) => ({ nome: r.ruolo ? `${r.nome} (${r.ruolo})` : r.nome, email: r.email!.trim() })),
      };
    },
  });
}
