import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes, type RouteAnswer } from '@fs/contract';
import { api } from '../../../../app/api/client';
import { fetchRange, type PlannerFilters } from '../api';
import type { FeatureCollection } from './geometry';
import type { MapRange } from './logic';

export type MapAnswer = RouteAnswer<typeof routes.schedule.mapPositions>;

/** Appointments move while the office plans: half a minute of cache. */
const MAP_STALE_MS = 30_000;

const filterKey = (f: PlannerFilters) => [f.tecnico_id ?? '', f.mansione_id ?? '', f.cliente_id ?? ''] as const;

export const plannerMapKeys = {
  range: (range: MapRange, f: PlannerFilters = {}) => ['schedule', 'map', range, ...filterKey(f)] as const,
  all: (start: string, end: string, f: PlannerFilters = {}) =>
    ['schedule', 'map', 'all', start, end, ...filterKey(f)] as const,
};

/** The calendar's filters as the map's body fields (those set). */
function filterFields(f: PlannerFilters): PlannerFilters {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => !!v));
}

/**
 * POST /tracking/geolocation/mapRequest: the range's days, its appointments with coordinates (filtered
 * as the calendar: technician, job role, customer) and the positions.
 */
export function useMapRange(range: MapRange, filters: PlannerFilters = {}) {
  return useQuery({
    queryKey: plannerMapKeys.range(range, filters),
    staleTime: MAP_STALE_MS,
    placeholderData: keepPreviousData,
    queryFn: () => api.call(routes.schedule.mapPositions, { body: { range, ...filterFields(filters) } }),
  });
}

/** Every appointment of the same days and filters (for the count of those without coordinates). */
export function useRangeAppointments(days: { start: string; end: string } | undefined, filters: PlannerFilters = {}) {
  return useQuery({
    queryKey: plannerMapKeys.all(days?.start ?? '', days?.end ?? '', filters),
    enabled: !!days,
    staleTime: MAP_STALE_MS,
    queryFn: ({ signal }) => fetchRange(days!, filters, signal),
  });
}

export interface Basemap {
  attribution: string;
  regions: FeatureCollection<{ nome: string; codice: string }>;
  provinces: FeatureCollection<{ nome: string; sigla: string; regione: string }>;
}

/** The offline basemap (a static file of the web, about 300 KB, fetched only when the map opens; never changes). */
export function useBasemap(enabled: boolean) {
  return useQuery({
    queryKey: ['basemap', 'italy'],
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
    queryFn: async ({ signal }) => {
      const res = await fetch('/basemap/italy.json', { signal });
      if (!res.ok) throw new Error(`basemap ${res.status}`);
      return (await res.json()) as Basemap;
    },
  });
}
