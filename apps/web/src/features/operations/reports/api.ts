import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CustomFieldConfig,
  CustomFieldConfigSaveRequest,
  ContractSummary,
  Numbering,
  NumberingSaveRequest,
  Report,
  ReportWorkRequest,
  ReportListRow,
} from '@fs/contract';
import { api, apiRequest } from '../../../app/api/client';
import { usePermissions } from '../../../app/session/api';

export const reportKeys = {
  all: ['reports'] as const,
  page: (qs: string) => ['reports', 'page', qs] as const,
  one: (id: string) => ['reports', 'one', id] as const,
  todos: (quando: string) => ['reports', 'todos', quando] as const,
  config: ['report-config', 'campi'] as const,
  numbering: ['report-config', 'numerazione'] as const,
};

export type ReportsPage = { items: ReportListRow[]; totaleElementi: number };

/** One page of the report list (the query string as GET /rapportini/rapportini/admin takes it). */
export function useReportsPage(qs: string) {
  return useQuery({
    queryKey: reportKeys.page(qs),
    placeholderData: keepPreviousData,
    queryFn: () => api.get<ReportsPage>(`/api/rapportini/rapportini/admin?${qs}`),
  });
}

export function useReport(id: string | undefined) {
  return useQuery({
    queryKey: reportKeys.one(id ?? ''),
    enabled: !!id,
    queryFn: async () => (await api.get<{ item: Report }>(`/api/rapportini/rapportini/admin/${id}`)).item,
  });
}

export function useTodos(quando: 'oggi' | 'aperti', enabled = true) {
  return useQuery({
    queryKey: reportKeys.todos(quando),
    enabled,
    queryFn: async () =>
      (await api.get<{ items: ReportListRow[] }>(`/api/rapportini/rapportini/todos?quando=${quando}`)).items,
  });
}

export type SaveBody = ReportWorkRequest & { id?: string };

/** Creates (no id, lavorazione) or saves a report (admin/update for the office, lavorazione for a technician). */
export function useSaveReport() {
  const client = useQueryClient();
  const office = usePermissions().data?.permissions.gestione_interventi.companyWrite === true;
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: SaveBody) =>
      (
        await api.post<{ item: Report }>(
          body.id && office ? '/api/rapportini/rapportino/admin/update' : '/api/rapportini/rapportino/lavorazione',
          body,
        )
      ).item,
    onSuccess: (item) => {
      client.setQueryData(reportKeys.one(item.id), item);
      void client.invalidateQueries({ queryKey: ['reports', 'page'] });
      void client.invalidateQueries({ queryKey: ['reports', 'todos'] });
    },
  });
}

export function useCloseReport() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: { id: string; azione: 'chiudi' | 'completa' }) =>
      api.post<{ item: Report; warnings?: 'NO_HOURS'[] }>('/api/rapportini/rapportino/chiusura', body),
    onSuccess: (r) => {
      client.setQueryData(reportKeys.one(r.item.id), r.item);
      void client.invalidateQueries({ queryKey: ['reports', 'page'] });
      void client.invalidateQueries({ queryKey: ['reports', 'todos'] });
    },
  });
}

export function useDeleteReports() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (ids: string[]) =>
      api.post<{ removed: number; skipped: { id: string; numero_assistenza: string; reason: string }[] }>(
        '/api/rapportini/rapportini/delete-bulk',
        { ids },
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: reportKeys.all }),
  });
}

/* ---------- what a report refers to ---------- */

export interface Option {
  value: string;
  label: string;
}

/**
 * Customers matching a typed term (server search, at most 20, by name): the picker's own endpoint, which
 * reads only what a picker shows (id, name, registry id, city) and never counts past 1,000 hits.
 */
export function useCustomerSearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: ['reports', 'customer-search', term],
    placeholderData: keepPreviousData,
    meta: { silent: true },
    queryFn: async () =>
      (
        await api.get<{
          items: { id: string; ragione_sociale: string; codice: string | null; citta: string | null }[];
        }>(`/api/clienti/clienti?size=20${term ? `&q=${encodeURIComponent(term)}` : ''}`)
      ).items,
  });
}

/** A customer's name by id (a list's customer filter read from the address shows whom it filters by). */
export function useCustomerName(id: string | null) {
  return useQuery({
    queryKey: ['reports', 'customer-name', id],
    enabled: !!id,
    staleTime: Infinity,
    meta: { silent: true },
    queryFn: async () =>
      (await api.get<{ item: { id: string; ragione_sociale: string } }>(`/api/clienti/cliente/${id}`)).item
        .ragione_sociale,
  });
}

/** The customer's contracts (GET /contratti/cliente/{id}), for users who may read contracts. */
export function useCustomerContracts(clienteId: string | null, enabled = true) {
  return useQuery({
    queryKey: ['reports', 'contracts', clienteId],
    enabled: enabled && !!clienteId,
    staleTime: 60_000,
    queryFn: async () => (await api.get<{ items: ContractSummary[] }>(`/api/contratti/cliente/${clienteId}`)).items,
  });
}

export function usePlants(clienteId: string | null) {
  return useQuery({
    queryKey: ['reports', 'plants', clienteId],
    enabled: !!clienteId,
    queryFn: async () =>
      (await api.get<{ items: { id: string; nome: string }[] }>(`/api/impianti/cliente/${clienteId}`)).items,
  });
}

export function useMachines(impiantoId: string | null) {
  return useQuery({
    queryKey: ['reports', 'machines', impiantoId],
    enabled: !!impiantoId,
    queryFn: async () =>
      (
        await api.get<{ items: { id: string; nome: string; matricola: string }[] }>(
          `/api/macchinari/macchinari/${impiantoId}`,
        )
      ).items,
  });
}

/* ---------- configuration ---------- */

export function useCampiConfig(enabled = true) {
  return useQuery({
    queryKey: reportKeys.config,
    enabled,
    staleTime: 3 * 3_600_000,
    queryFn: async () => (await api.get<{ items: CustomFieldConfig[] }>('/api/configuration/intervento')).items,
  });
}

export function useSaveCampo() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: CustomFieldConfigSaveRequest) =>
      (await api.post<{ item: CustomFieldConfig }>('/api/configuration/intervento', body)).item,
    onSuccess: () => void client.invalidateQueries({ queryKey: reportKeys.config }),
  });
}

export function useRemoveCampo() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) =>
      apiRequest<{ esito: 'deleted' | 'hidden' }>(`/api/configuration/intervento/remove/${id}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: reportKeys.config }),
  });
}

export function useNumerazione() {
  return useQuery({
    queryKey: reportKeys.numbering,
    queryFn: async () => (await api.get<{ item: Numbering }>('/api/numerazioni/numerazione')).item,
  });
}

export function useSaveNumerazione() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: NumberingSaveRequest) =>
      (await api.post<{ item: Numbering }>('/api/numerazioni/numerazione', body)).item,
    onSuccess: (item) => client.setQueryData(reportKeys.numbering, item),
  });
}
