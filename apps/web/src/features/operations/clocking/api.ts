import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import {
  routes,
  type ClockingActionRequest,
  type ClockingListQuery,
  type ClockingOfficeRequest,
  type ClockingRecord,
} from '@fs/contract';
import { api } from '../../../app/api/client';
import { isApiError } from '../../../app/api/errors';

/** Clocking's queries (issue 26); every key starts with 'clocking'. */
export const clockingKeys = {
  all: ['clocking'] as const,
  list: (q: ClockingListQuery) =>
    ['clocking', 'list', q.from, q.to, q.utenteId ?? '', q.tutti ?? '', q.forma ?? ''] as const,
  last: (utenteId?: string) => ['clocking', 'last', utenteId ?? ''] as const,
  one: (id: string) => ['clocking', 'one', id] as const,
};

/** Clockings change under the technician's own thumb: a short cache, refreshed after every action. */
const CLOCKING_STALE_MS = 15_000;

/** GET /timbrature/timbrature: a range's records, totals, months' approvals and the rules applied. */
export function useClockingList(query: ClockingListQuery | null) {
  return useQuery({
    queryKey: query ? clockingKeys.list(query) : ['clocking', 'list', 'none'],
    enabled: !!query,
    staleTime: CLOCKING_STALE_MS,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.call(routes.clocking.list, { query: query!, signal }),
  });
}

/**
 * GET /timbrature/timbratura/last: the newest record, restored after a reload; its 404 (nothing
 * clocked yet) is normal and silent: null.
 */
export function useLastClocking(utenteId?: string) {
  return useQuery({
    queryKey: clockingKeys.last(utenteId),
    staleTime: CLOCKING_STALE_MS,
    meta: { silent: true },
    queryFn: async ({ signal }): Promise<ClockingRecord | null> => {
      try {
        return (await api.call(routes.clocking.last, { query: utenteId ? { utenteId } : {}, signal })).item;
      } catch (e) {
        if (isApiError(e) && e.status === 404) return null;
        throw e;
      }
    },
  });
}

/** GET /timbrature/timbratura?id=: one record with the history of its corrections. */
export function useClockingRecord(id: string | null) {
  return useQuery({
    queryKey: clockingKeys.one(id ?? ''),
    enabled: !!id,
    staleTime: CLOCKING_STALE_MS,
    queryFn: async ({ signal }) => (await api.call(routes.clocking.one, { query: { id: id! }, signal })).item,
  });
}

/** POST /timbrature/timbratura: the caller's own clock. The caller shows errors (silent here). */
export function useClockAction() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: ClockingActionRequest) => (await api.call(routes.clocking.clock, { body })).item,
    onSettled: () => client.invalidateQueries({ queryKey: clockingKeys.all }),
  });
}

/** POST /timbrature/timbrature: the office's save for one technician (operations, month approval). */
export function useOfficeSave() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: ClockingOfficeRequest) => api.call(routes.clocking.save, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: clockingKeys.all }),
  });
}

/** The exports of a range (one technician or all), as files. */
export function exportTravel(q: { from: string; to: string; utenteId?: string }): Promise<Blob> {
  return api.call(routes.clocking.travelExport, { query: q }) as Promise<Blob>;
}
export function exportClockings(q: { from: string; to: string; utenteId?: string }): Promise<Blob> {
  return api.call(routes.clocking.csvExport, { query: q }) as Promise<Blob>;
}
