import { REPORTS_TABLE } from '@fs/contract';
import { filterRules, readListParams, sortsOf } from '../../../app/components/list-url';
import type { PageStart } from '../../../app/lazy-page';
import { reportsPageQuery } from './api';
import { periodRange, PERIODS, type Period } from './periods';

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The list of /interventions: its address's parameters and the list call's query (ReportsPage). */
export const STATI = ['aperti', 'NUOVO', 'APERTO', 'CHIUSO'] as const;

/** The list's address: state, customer, contract, technician, period (or opening days) and completion, by the API's names. */
export const LIST = {
  sort: REPORTS_TABLE.defaultSort,
  dir: 'desc',
  sorts: sortsOf(REPORTS_TABLE),
  filters: {
    stato: filterRules.oneOf(STATI),
    cliente_id: filterRules.id,
    contratto_id: filterRules.id,
    tecnico_id: filterRules.id,
    periodo: filterRules.oneOf(PERIODS),
    completato: filterRules.oneOf(['true', 'false']),
    // An opening-day range of its own (a chart's bar on /statistics opens its month): a shortcut wins over it.
    dal: isDay,
    al: isDay,
    // Closing days (a bar of closed reports or revenue on /statistics), with or without the opening days.
    chiuso_dal: isDay,
    chiuso_al: isDay,
  },
} as const;

/** The list call's query for the list's state and filters (`today` in the company's zone cuts the period). */
export function listQuery(
  state: { page: number; size: number; sort: string; dir: string; q: string },
  filters: Partial<Record<keyof typeof LIST.filters, string>>,
  today: string,
): URLSearchParams {
  const params = new URLSearchParams({
    page: String(state.page),
    size: String(state.size),
    sort: state.sort,
    dir: state.dir,
  });
  if (state.q) params.set('q', state.q);
  for (const key of [
    'stato',
    'tecnico_id',
    'cliente_id',
    'contratto_id',
    'completato',
    'chiuso_dal',
    'chiuso_al',
  ] as const) {
    if (filters[key]) params.set(key, filters[key]);
  }
  const periodo = (filters.periodo || null) as Period | null;
  if (periodo) {
    const r = periodRange(periodo, today);
    params.set('dal', r.dal);
    params.set('al', r.al);
  } else {
    if (filters.dal) params.set('dal', filters.dal);
    if (filters.al) params.set('al', filters.al);
  }
  return params;
}

/**
 * At app start on /interventions (lazyPage's `start`, in the first chunk), the list's first page is asked
 * for while the page's code, the signed-in frame, the session and the permissions load, rather than after
 * the page has mounted: the page then finds it under its query key. A period filter waits for the page (its
 * days are the company's).
 */
export function startReportsList({ search, queryClient }: PageStart): void {
  const { state, filters } = readListParams(new URLSearchParams(search), LIST);
  if (filters.periodo) return;
  void queryClient.prefetchQuery(reportsPageQuery(listQuery({ ...state, q: state.q.trim() }, filters, '').toString()));
}
