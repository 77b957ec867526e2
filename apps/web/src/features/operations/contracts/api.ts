import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Activity,
  ActivityInput,
  Contract,
  ContractInput,
  ContractRow,
  FrequencyInput,
  Occurrence,
  activityUpdateResponse,
} from '@fs/contract';
import { api, apiRequest } from '../../../app/api/client';

export const contractKeys = {
  all: ['contracts'] as const,
  page: (qs: string) => ['contracts', 'page', qs] as const,
  one: (id: string) => ['contracts', 'one', id] as const,
  activities: (id: string, all: boolean) => ['contracts', 'activities', id, all] as const,
  frequency: (body: unknown) => ['contracts', 'frequency', JSON.stringify(body)] as const,
};

export type ContractsPage = { items: ContractRow[]; totaleElementi: number };

/** One page of the list (the query string as GET /contratti/contratti-filtered takes it). */
export function useContractsPage(qs: string) {
  return useQuery({
    queryKey: contractKeys.page(qs),
    placeholderData: keepPreviousData,
    queryFn: () => api.get<ContractsPage>(`/api/contratti/contratti-filtered?${qs}`),
  });
}

export function useContract(id: string | undefined) {
  return useQuery({
    queryKey: contractKeys.one(id ?? ''),
    enabled: !!id,
    queryFn: async () => (await api.get<{ item: Contract }>(`/api/contratti/contratto/${id}`)).item,
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
    mutationFn: async (body: ContractInput) =>
      (await api.post<{ item: Contract }>('/api/contratti/contratto/create', body)).item,
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
    mutationFn: (id: string) => apiRequest(`/api/contratti/contratto/${id}`, { method: 'DELETE' }),
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
      (await api.post<{ item: Contract }>(`/api/contratti/contratto/${id}/cessa`, body)).item,
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
      (await api.get<{ items: Activity[] }>(`/api/contratti/contratto/attivita/${contrattoId}?allAttivita=${all}`))
        .items,
  });
}

export interface FrequencyBody {
  data_inizio: string;
  data_fine: string;
  mesi_rinnovo?: number | null;
  frequenza: FrequencyInput;
}

/** The dates a frequency gives in the contract's period (POST /contratti/attivita/frequency); null body: nothing asked. */
export function useFrequencyPreview(body: FrequencyBody | null) {
  return useQuery({
    queryKey: contractKeys.frequency(body),
    enabled: body !== null,
    retry: false,
    staleTime: 5 * 60_000,
    meta: { silent: true },
    queryFn: async () => (await api.post<{ date: string[] }>('/api/contratti/attivita/frequency', body)).date,
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
      api.post<unknown>('/api/contratti/contratto/lista-attivita', { contrattoId, attivita }),
    onSuccess: refresh,
  });
}

export function useDeleteActivities(contrattoId: string) {
  const refresh = useRefreshActivities(contrattoId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (ids: string[]) =>
      ids.length === 1
        ? apiRequest(`/api/contratti/contratto/${contrattoId}/attivita/${ids[0]}`, { method: 'DELETE' })
        : api.post<unknown>(`/api/contratti/contratto/${contrattoId}/attivita/delete-bulk`, { ids }),
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
      (await api.post<{ rapportino_id: string }>('/api/attivita/attivita', body)).rapportino_id,
    onSuccess: () => {
      refresh();
      void client.invalidateQueries({ queryKey: ['reports'] });
    },
  });
}

export type MoveAnswer = z.infer<typeof activityUpdateResponse>;

/** Moves an occurrence to another day; beyond its rules the server warns unless `conferma`. */
export function useMoveOccurrence(contrattoId: string) {
  const refresh = useRefreshActivities(contrattoId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: { id: string; data: string; conferma: boolean }) =>
      api.post<MoveAnswer>('/api/attivita/attivita/update', body),
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
      queryFn: async () =>
        (
          await api.get<{ items: { id: string; nome: string; matricola: string | null }[] }>(
            `/api/macchinari/macchinari/${id}`,
          )
        ).items,
    })),
    combine: (results) =>
      results.flatMap((r, i) => (r.data ?? []).map((m) => ({ ...m, impianto_id: impiantoIds[i]! }))),
  });
}
