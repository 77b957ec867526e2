import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  routes,
  type CustomFieldConfigSaveRequest,
  type NumberingSaveRequest,
  type ReportWorkRequest,
  type RouteAnswer,
} from '@fs/contract';
import { api } from '../../../app/api/client';
import { usePermissions } from '../../../app/session/api';

export const reportKeys = {
  all: ['reports'] as const,
  page: (qs: string) => ['reports', 'page', qs] as const,
  one: (id: string) => ['reports', 'one', id] as const,
  todos: (quando: string) => ['reports', 'todos', quando] as const,
  config: ['report-config', 'campi'] as const,
  numbering: ['report-config', 'numerazione'] as const,
};

export type ReportsPage = RouteAnswer<typeof routes.reports.list>;

/** One page of the report list (the query string as GET /rapportini/rapportini/admin takes it). */
/** One page of the list; an answer under 2 s old is shown without asking again (the one asked for at app start). */
export const reportsPageQuery = (qs: string) =>
  queryOptions({
    queryKey: reportKeys.page(qs),
    queryFn: () => api.call(routes.reports.list, { query: new URLSearchParams(qs) }),
    staleTime: 2_000,
  });

export function useReportsPage(qs: string) {
  return useQuery({ ...reportsPageQuery(qs), placeholderData: keepPreviousData });
}

export function useReport(id: string | undefined) {
  return useQuery({
    queryKey: reportKeys.one(id ?? ''),
    enabled: !!id,
    queryFn: async () => (await api.call(routes.reports.get, { params: { id: id! } })).item,
  });
}

export function useTodos(quando: 'oggi' | 'aperti', enabled = true) {
  return useQuery({
    queryKey: reportKeys.todos(quando),
    enabled,
    queryFn: async () => (await api.call(routes.reports.todos, { query: { quando } })).items,
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
      (body.id && office
        ? await api.call(routes.reports.adminUpdate, { body: { ...body, id: body.id } })
        : await api.call(routes.reports.saveWork, { body })
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
    mutationFn: (body: { id: string; azione: 'chiudi' | 'completa' | 'riapri'; cancella_firma?: boolean }) =>
      api.call(routes.reports.close, { body }),
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
    mutationFn: (ids: string[]) => api.call(routes.reports.deleteBulk, { body: { ids } }),
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
      (await api.call(routes.customers.listRefs, { query: { size: 20, ...(term ? { q: term } : {}) } })).items,
  });
}

/** A customer's name by id (a list's customer filter read from the address shows whom it filters by). */
export function useCustomerName(id: string | null) {
  return useQuery({
    queryKey: ['reports', 'customer-name', id],
    enabled: !!id,
    staleTime: Infinity,
    meta: { silent: true },
    queryFn: async () => (await api.call(routes.customers.getCliente, { params: { id: id! } })).item.ragione_sociale,
  });
}

/** The customer's contracts (GET /contratti/cliente/{id}), for users who may read contracts. */
export function useCustomerContracts(clienteId: string | null, enabled = true) {
  return useQuery({
    queryKey: ['reports', 'contracts', clienteId],
    enabled: enabled && !!clienteId,
    staleTime: 60_000,
    queryFn: async () => (await api.call(routes.contracts.ofCustomer, { params: { id: clienteId! } })).items,
  });
}

export function usePlants(clienteId: string | null) {
  return useQuery({
    queryKey: ['reports', 'plants', clienteId],
    enabled: !!clienteId,
    queryFn: async () => (await api.call(routes.plants.listImpianti, { params: { id: clienteId! } })).items,
  });
}

export function useMachines(impiantoId: string | null) {
  return useQuery({
    queryKey: ['reports', 'machines', impiantoId],
    enabled: !!impiantoId,
    queryFn: async () => (await api.call(routes.plants.listMacchinari, { params: { id: impiantoId! } })).items,
  });
}

/* ---------- configuration ---------- */

export function useCampiConfig(enabled = true) {
  return useQuery({
    queryKey: reportKeys.config,
    enabled,
    staleTime: 3 * 3_600_000,
    queryFn: async () => (await api.call(routes.reportConfig.listCampi)).items,
  });
}

export function useSaveCampo() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: CustomFieldConfigSaveRequest) =>
      (await api.call(routes.reportConfig.saveCampo, { body })).item,
    onSuccess: () => void client.invalidateQueries({ queryKey: reportKeys.config }),
  });
}

export function useRemoveCampo() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => api.call(routes.reportConfig.removeCampo, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: reportKeys.config }),
  });
}

export function useNumerazione() {
  return useQuery({
    queryKey: reportKeys.numbering,
    queryFn: async () => (await api.call(routes.reportConfig.getNumerazione)).item,
  });
}

export function useSaveNumerazione() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: NumberingSaveRequest) =>
      (await api.call(routes.reportConfig.saveNumerazione, { body })).item,
    onSuccess: (item) => client.setQueryData(reportKeys.numbering, item),
  });
}
