import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes, type RouteAnswer } from '@fs/contract';
import { api } from '../../../app/api/client';

/** Statistics' queries (issue 27); every key starts with 'statistics'. */
export interface StatsRangeArg {
  dal: string;
  al: string;
}

/** The figures of a range change slowly: a minute's cache, the previous range kept while the next loads. */
const STATS_STALE_MS = 60_000;

type RangeRoute =
  | 'generalSeries'
  | 'reportsOverall'
  | 'reportsSeries'
  | 'customersOverall'
  | 'customers'
  | 'contractsOverall'
  | 'contracts'
  | 'onCall'
  | 'maintenance'
  | 'techniciansOverall'
  | 'technicians';

/** One range call of a tab; `range` null (an invalid range) asks for nothing. Errors show in the tab (silent here). */
export function useStats<K extends RangeRoute>(name: K, range: StatsRangeArg | null) {
  return useQuery({
    queryKey: ['statistics', name, range?.dal ?? '', range?.al ?? ''],
    enabled: !!range,
    staleTime: STATS_STALE_MS,
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: false,
    queryFn: ({ signal }) =>
      (api.call as (r: unknown, i: unknown) => Promise<RouteAnswer<(typeof routes.statistics)[K]>>)(
        routes.statistics[name],
        { query: { startDate: range!.dal, endDate: range!.al }, signal },
      ),
  });
}

/** GET /stats/stats/{startDate}/{endDate}: the general tab's totals against the previous period. */
export function useStatsGeneral(range: StatsRangeArg | null) {
  return useQuery({
    queryKey: ['statistics', 'general', range?.dal ?? '', range?.al ?? ''],
    enabled: !!range,
    staleTime: STATS_STALE_MS,
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: false,
    queryFn: ({ signal }) =>
      api.call(routes.statistics.general, { params: { startDate: range!.dal, endDate: range!.al }, signal }),
  });
}

/** GET /stats/contratti/in-scadenza: contracts ending within `giorni` days and activities overdue today. */
export function useStatsExpiring(giorni: number) {
  return useQuery({
    queryKey: ['statistics', 'expiring', giorni],
    staleTime: STATS_STALE_MS,
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: false,
    queryFn: ({ signal }) => api.call(routes.statistics.expiring, { query: { giorni }, signal }),
  });
}
