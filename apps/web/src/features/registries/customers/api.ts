import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Customer,
  CustomerSaveRequest,
  CustomerWarning,
  CustomersFilters,
  Plant,
  Machine,
  Contact,
  TableInfos,
} from '@fs/contract';
import { api, apiRequest } from '../../../app/api/client';
import { useCan } from '../../../app/session/api';
import type { ListState } from '../../../app/components/list-state';
import { knownTotal, searchPartOf } from '../../../app/components/known-total';

/** Customers are cached 3 minutes (spec operations section 9); plants and machines with them. */
export const CUSTOMERS_STALE_MS = 3 * 60_000;

export const customerKeys = {
  all: ['customers'] as const,
  page: (q: string) => ['customers', 'page', q] as const,
  one: (id: string) => ['customers', 'one', id] as const,
  plants: (clienteId: string) => ['customers', 'plants', clienteId] as const,
  machines: (impiantoId: string) => ['customers', 'machines', impiantoId] as const,
};

export interface ClientiPage {
  items: Customer[];
  totaleElementi: number;
  /** totaleElementi is a lower bound (a search past the server's count threshold). */
  totalePiuDi?: true;
  tableInfos?: TableInfos;
}

/** Query string of GET /clienti/clienti-filtered. */
export function listQueryString(state: ListState, q: string, filters: CustomersFilters): string {
  const p = new URLSearchParams({
    page: String(state.page),
    size: String(state.size),
    sort: state.sort,
    dir: state.dir,
  });
  if (q) p.set('q', q);
  for (const [k, v] of Object.entries(filters)) if (v) p.set(k, String(v));
  return p.toString();
}

/** One page of customers; loaded only with anagrafica_clienti read (spec section 6). */
export function useCustomersPage(state: ListState, q: string, filters: CustomersFilters) {
  const canRead = useCan('anagrafica_clienti', 'read') === true;
  const qs = listQueryString(state, q, filters);
  const client = useQueryClient();
  return useQuery({
    queryKey: customerKeys.page(qs),
    enabled: canRead,
    staleTime: CUSTOMERS_STALE_MS,
    placeholderData: keepPreviousData,
    queryFn: () => {
      // Past page 1, the total of the same search is sent back so the server need not count again.
      const search = searchPartOf(qs);
      const total =
        state.page > 1
          ? knownTotal(
              client,
              ['customers', 'page'],
              (key) => searchPartOf(String(key[2])) === search,
              CUSTOMERS_STALE_MS,
            )
          : undefined;
      return api.get<ClientiPage>(
        `/api/clienti/clienti-filtered?${qs}${total === undefined ? '' : `&totale=${total}`}`,
      );
    },
  });
}

export function useCustomer(id: string) {
  const canRead = useCan('anagrafica_clienti', 'read') === true;
  return useQuery({
    queryKey: customerKeys.one(id),
    enabled: canRead && id !== '',
    staleTime: CUSTOMERS_STALE_MS,
    queryFn: async () => (await api.get<{ item: Customer }>(`/api/clienti/cliente/${id}`)).item,
  });
}

export interface SaveAnswer {
  item: Customer;
  warnings: CustomerWarning[];
  alert?: '0007';
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: customerKeys.all });
}

export function useSaveCustomer() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CustomerSaveRequest) => api.post<SaveAnswer>('/api/clienti/cliente', body),
    onSuccess: invalidate,
  });
}

/** POST /clienti/cliente/geolocation: coordinates set by hand (both null clears them). */
export function useSetPosition() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: { id: string; latitude: number | null; longitude: number | null }) =>
      (await api.post<{ item: Customer }>('/api/clienti/cliente/geolocation', body)).item,
    onSuccess: invalidate,
  });
}

export function useRemoveCustomers() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: (ids: string[]) => api.post<{ removed: number }>('/api/clienti/cliente/remove', { ids }),
    onSuccess: invalidate,
  });
}

export function useSaveContact() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: Omit<Partial<Contact>, 'id'> & { id?: string; clienteId: string; nome: string }) =>
      (await api.post<{ item: Contact }>('/api/clienti/cliente/recapito', body)).item,
    onSuccess: invalidate,
  });
}

export function useDeleteContact() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => apiRequest(`/api/clienti/cliente/recapito/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/* ---------- plants and machines ---------- */

export function usePlants(clienteId: string) {
  const canRead = useCan('clienti_impianti', 'read') === true;
  return useQuery({
    queryKey: customerKeys.plants(clienteId),
    enabled: canRead,
    staleTime: CUSTOMERS_STALE_MS,
    queryFn: async () => (await api.get<{ items: Plant[] }>(`/api/impianti/cliente/${clienteId}`)).items,
  });
}

export function useSavePlant() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: {
      id?: string;
      clienteId: string;
      nome: string;
      indirizzo?: string;
      citta?: string;
      provincia?: string;
      cap?: string;
      note?: string;
    }) => (await api.post<{ item: Plant }>('/api/impianti/impianto/create', body)).item,
    onSuccess: invalidate,
  });
}

export function useDeletePlant() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => apiRequest(`/api/impianti/impianto/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useMachines(impiantoId: string, enabled = true) {
  const canRead = useCan('clienti_macchinari', 'read') === true;
  return useQuery({
    queryKey: customerKeys.machines(impiantoId),
    enabled: canRead && enabled,
    staleTime: CUSTOMERS_STALE_MS,
    queryFn: async () => (await api.get<{ items: Machine[] }>(`/api/macchinari/macchinari/${impiantoId}`)).items,
  });
}

export function useSaveMachine() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: {
      id?: string;
      impiantiId: string;
      parentId?: string | null;
      livello: number;
      nome: string;
      matricola: string;
      note?: string;
    }) => (await api.post<{ item: Machine }>('/api/macchinari/macchinario/create', body)).item,
    onSuccess: invalidate,
  });
}

export function useDeleteMachine() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => apiRequest(`/api/macchinari/macchinario/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
