import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  routes,
  type CustomerSaveRequest,
  type CustomersFilters,
  type RouteAnswer,
  type RouteBodyInput,
} from '@fs/contract';
import { api } from '../../../app/api/client';
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

/** A page of GET /clienti/clienti-filtered (`totalePiuDi`: totaleElementi is a lower bound). */
export type ClientiPage = RouteAnswer<typeof routes.customers.list>;

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
      const query = new URLSearchParams(qs);
      if (total !== undefined) query.set('totale', String(total));
      return api.call(routes.customers.list, { query });
    },
  });
}

export function useCustomer(id: string) {
  const canRead = useCan('anagrafica_clienti', 'read') === true;
  return useQuery({
    queryKey: customerKeys.one(id),
    enabled: canRead && id !== '',
    staleTime: CUSTOMERS_STALE_MS,
    queryFn: async () => (await api.call(routes.customers.getCliente, { params: { id } })).item,
  });
}

export type SaveAnswer = RouteAnswer<typeof routes.customers.saveCliente>;

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: customerKeys.all });
}

export function useSaveCustomer() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CustomerSaveRequest) => api.call(routes.customers.saveCliente, { body }),
    onSuccess: invalidate,
  });
}

/** POST /clienti/cliente/geolocation: coordinates set by hand (both null clears them). */
export function useSetPosition() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: RouteBodyInput<typeof routes.customers.setGeolocation>) =>
      (await api.call(routes.customers.setGeolocation, { body })).item,
    onSuccess: invalidate,
  });
}

export function useRemoveCustomers() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: (ids: string[]) => api.call(routes.customers.removeClienti, { body: { ids } }),
    onSuccess: invalidate,
  });
}

export function useSaveContact() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: RouteBodyInput<typeof routes.customers.saveRecapito>) =>
      (await api.call(routes.customers.saveRecapito, { body })).item,
    onSuccess: invalidate,
  });
}

export function useDeleteContact() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => api.call(routes.customers.deleteRecapito, { params: { id } }),
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
    queryFn: async () => (await api.call(routes.plants.listImpianti, { params: { id: clienteId } })).items,
  });
}

export function useSavePlant() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: RouteBodyInput<typeof routes.plants.saveImpianto>) =>
      (await api.call(routes.plants.saveImpianto, { body })).item,
    onSuccess: invalidate,
  });
}

export function useDeletePlant() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => api.call(routes.plants.deleteImpianto, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useMachines(impiantoId: string, enabled = true) {
  const canRead = useCan('clienti_macchinari', 'read') === true;
  return useQuery({
    queryKey: customerKeys.machines(impiantoId),
    enabled: canRead && enabled,
    staleTime: CUSTOMERS_STALE_MS,
    queryFn: async () => (await api.call(routes.plants.listMacchinari, { params: { id: impiantoId } })).items,
  });
}

export function useSaveMachine() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: RouteBodyInput<typeof routes.plants.saveMacchinario>) =>
      (await api.call(routes.plants.saveMacchinario, { body })).item,
    onSuccess: invalidate,
  });
}

export function useDeleteMachine() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => api.call(routes.plants.deleteMacchinario, { params: { id } }),
    onSuccess: invalidate,
  });
}
