import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  routes,
  type ActivityInput,
  type ContractInput,
  type Occurrence,
  type RouteAnswer,
  type RouteBodyInput,
} from '@fs/contract';
import { api } from '../../../app/api/client';

export const contractKeys = {
  all: ['contracts'] as const,
  page: (qs: string) => ['contracts', 'page', qs] as const,
  one: (id: string) => ['contracts', 'one', id] as const,
  activities: (id: string, all: boolean) => ['contracts', 'activities', id, all] as const,
  frequency: (body: unknown) => ['contracts', 'frequency', JSON.stringify(body)] as const,
};

export type ContractsPage = RouteAnswer<typeof routes.contracts.list>;

/** One page of the list (the query string as GET /contratti/contratti-filtered takes it). */
export function useContractsPage(qs: string) {
  return useQuery({
    queryKey: contractKeys.page(qs),
    placeholderData: keepPreviousData,
    queryFn: () => api.call(routes.contracts.list, { query: new URLSearchParams(qs) }),
  });
}

export function useContract(id: string | undefined) {
  return useQuery({
    queryKey: contractKeys.one(id ?? ''),
    enabled: !!id,
    queryFn: async () => (await api.call(routes.contracts.getContract, { params: { id: id! } })).item,
  });
}

function useRefreshContracts() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: contractKeys.all });
    // The report form's contract select (with its hours) reads the customer's contracts.
    void client.invalidateQueries({ queryKey: ['reports', 'contracts'] });
  };
}

/** Creates (no id, with its activities) or updates (id) a contract. */
export function useSaveContract() {
  const client = useQueryClient();
  const refresh = useRefreshContracts();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: ContractInput) => (await api.call(routes.contracts.saveContract, { body })).item,
    onSuccess: (item) => {
      client.setQueryData(contractKeys.one(item.id), item);
      refresh();
    },
  });
}

export function useDeleteContract() {
  const refresh = useRefreshContracts();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => api.call(routes.contracts.deleteContract, { params: { id } }),
    onSuccess: refresh,
  });
}

/** Ends a contract early, on a date with a reason. */
export function useCeaseContract(id: string) {
  const client = useQueryClient();
  const refresh = useRefreshContracts();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: { data: string; motivo: string }) =>
      (await api.call(routes.contracts.ceaseContract, { params: { id }, body })).item,
    onSuccess: (item) => {
      client.setQueryData(contractKeys.one(item.id), item);
      refresh();
    },
  });
}

/* ---------- activities and their dates ---------- */

/** The activities with their dates: to do (all = false) or the whole history (all = true). */
export function useActivities(contrattoId: string, all: boolean) {
  return useQuery({
    queryKey: contractKeys.activities(contrattoId, all),
    queryFn: async () =>
      (
        await api.call(routes.activities.list, {
          params: { id: contrattoId },
          query: { allAttivita: all ? 'true' : 'false' },
        })
      ).items,
  });
}

export type FrequencyBody = RouteBodyInput<typeof routes.activities.frequencyDates>;

/** The dates a frequency gives in the contract's period (POST /contratti/attivita/frequency); null body: nothing asked. */
export function useFrequencyPreview(body: FrequencyBody | null) {
  return useQuery({
    queryKey: contractKeys.frequency(body),
    enabled: body !== null,
    retry: false,
    staleTime: 5 * 60_000,
    meta: { silent: true },
    queryFn: async () => (await api.call(routes.activities.frequencyDates, { body: body! })).date,
  });
}

function useRefreshActivities(contrattoId: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['contracts', 'activities', contrattoId] });
    void client.invalidateQueries({ queryKey: contractKeys.one(contrattoId) });
  };
}

/** Adds (no id) or updates (id) activities of a saved contract. */
export function useSaveActivities(contrattoId: string) {
  const refresh = useRefreshActivities(contrattoId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (attivita: ActivityInput[]) =>
      api.call(routes.activities.saveList, { body: { contrattoId, attivita } }),
    onSuccess: refresh,
  });
}

export function useDeleteActivities(contrattoId: string) {
  const refresh = useRefreshActivities(contrattoId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (ids: string[]) =>
      ids.length === 1
        ? api.call(routes.activities.removeActivity, { params: { contrattoId, id: ids[0]! } })
        : api.call(routes.activities.deleteBulk, { params: { contrattoId }, body: { ids } }),
    onSuccess: refresh,
  });
}

/** Makes a report from an occurrence; answers the report's id. */
export function useMakeReport(contrattoId: string) {
  const refresh = useRefreshActivities(contrattoId);
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: { id: string; tecnici: string[]; data_appuntamento: string | null }) =>
      (await api.call(routes.activitySchedule.reportFromOccurrence, { body })).rapportino_id,
    onSuccess: () => {
      refresh();
      void client.invalidateQueries({ queryKey: ['reports'] });
    },
  });
}

export type MoveAnswer = RouteAnswer<typeof routes.activitySchedule.move>;

/** Moves an occurrence to another day; beyond its rules the server warns unless `conferma`. */
export function useMoveOccurrence(contrattoId: string) {
  const refresh = useRefreshActivities(contrattoId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: { id: string; data: string; conferma: boolean }) =>
      api.call(routes.activitySchedule.move, { body }),
    onSuccess: (r) => {
      if (r.success) refresh();
    },
  });
}

export type { Occurrence };

/** The machines of several plants, each with its plant (each plant's list shared with the report form's cache). */
export function usePlantsMachines(impiantoIds: string[]) {
  return useQueries({
    queries: impiantoIds.map((id) => ({
      queryKey: ['reports', 'machines', id],
      queryFn: async () => (await api.call(routes.plants.listMacchinari, { params: { id } })).items,
    })),
    combine: (results) =>
      results.flatMap((r, i) => (r.data ?? []).map((m) => ({ ...m, impianto_id: impiantoIds[i]! }))),
  });
}
