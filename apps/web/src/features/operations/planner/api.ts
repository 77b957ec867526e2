import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  expandCompactRange,
  routes,
  type Appointment,
  type AppointmentSummary,
  type AppointmentRequest,
  type AppointmentSaveResponse,
  type RouteAnswer,
  type RouteQueryInput,
  type TodoRequest,
} from '@fs/contract';
import { api } from '../../../app/api/client';
import type { DayRange } from './office/range';

/** The office planner's calls (spec 7 "Schedule"); every key starts with 'planner'. */

export interface PlannerFilters {
  tecnico_id?: string | null;
  mansione_id?: string | null;
  cliente_id?: string | null;
}

export const plannerKeys = {
  all: ['planner'] as const,
  range: (r: DayRange, f: PlannerFilters) =>
    ['planner', 'range', r.start, r.end, f.tecnico_id ?? '', f.mansione_id ?? '', f.cliente_id ?? ''] as const,
  todos: ['planner', 'todos'] as const,
  activities: (r: DayRange) => ['planner', 'activities', r.start, r.end] as const,
};

/** The server's range filters as the range route's query (only those set). */
export function filterQuery(f: PlannerFilters): RouteQueryInput<typeof routes.schedule.range> {
  return {
    ...(f.tecnico_id ? { tecnico_id: f.tecnico_id } : {}),
    ...(f.mansione_id ? { mansione_id: f.mansione_id } : {}),
    ...(f.cliente_id ? { cliente_id: f.cliente_id } : {}),
  };
}

/** A range as the planner shows it: the company's zone and the appointments with their names and places. */
export interface RangeAnswer {
  timezone: string;
  items: AppointmentSummary[];
}

/** The range's answer as the planner keeps it: the lean shape's items joined to its dictionaries. */
export function summariesOf(answer: RouteAnswer<typeof routes.schedule.range>): RangeAnswer {
  return { timezone: answer.timezone, items: 'forma' in answer ? expandCompactRange(answer) : answer.items };
}

/**
 * GET /v2/schedule/appointments/start/{YYYYMMDD}/end/{YYYYMMDD}?forma=compatta: a range's appointments in the
 * lean shape (decision 0044: names and places once; the details are read when one is opened, fetchAppointment).
 */
export async function fetchRange(
  range: { start: string; end: string },
  filters: PlannerFilters,
  signal?: AbortSignal,
): Promise<RangeAnswer> {
  const query = { ...filterQuery(filters), forma: 'compatta' as const };
  return summariesOf(await api.call(routes.schedule.range, { params: range, query, ...(signal ? { signal } : {}) }));
}

/** GET /schedule/appointment/{id}: the whole appointment (notes, machines, activity, reminder), read when opened. */
export async function fetchAppointment(id: string): Promise<Appointment> {
  return (await api.call(routes.schedule.get, { params: { id } })).item;
}

const RANGE_FRESH_MS = 30_000;

/** The visible range's appointments (none asked for while the range is unknown). */
export function useAppointmentsRange(range: DayRange | null, filters: PlannerFilters) {
  return useQuery({
    queryKey: range ? plannerKeys.range(range, filters) : ['planner', 'range', 'none'],
    enabled: range !== null,
    placeholderData: keepPreviousData,
    staleTime: RANGE_FRESH_MS,
    queryFn: ({ signal }) => fetchRange(range!, filters, signal),
  });
}

/**
 * Asks for the appointments of the days the planner opens on, without filters, under the query
 * key the calendar will use: the answer is on its way while the calendar's code loads.
 */
export function prefetchOpeningRange(client: QueryClient, range: DayRange): void {
  void client.prefetchQuery({
    queryKey: plannerKeys.range(range, {}),
    staleTime: RANGE_FRESH_MS,
    queryFn: ({ signal }) => fetchRange(range, {}, signal),
  });
}

/** The to-dos (appointments without dates), newest first as the server lists them. */
export function useTodoList(enabled = true) {
  return useQuery({
    queryKey: plannerKeys.todos,
    enabled,
    staleTime: 30_000,
    queryFn: async () => (await api.call(routes.schedule.adminList, { query: { todo: 'true', size: 200 } })).items,
  });
}

type ActivityPage = RouteAnswer<typeof routes.activitySchedule.range>;
/** The activity dates shown: the pages read so far joined, and the overdue ones. */
export type ActivitiesAnswer = Pick<ActivityPage, 'items' | 'scadute'>;

/** Activity dates asked for at a time (the side panel's page; "Carica altre" asks for the next). */
export const ACTIVITY_PAGE = 100;

/**
 * GET /attivita/attivita/start/../end/..: the range's contract activity dates, a page at a time by
 * the server's cursor, and the overdue ones (with the first page). `data` joins the pages read so far.
 */
export function useActivityRange(range: DayRange | null, enabled = true) {
  const q = useInfiniteQuery({
    queryKey: range ? plannerKeys.activities(range) : ['planner', 'activities', 'none'],
    enabled: enabled && range !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    initialPageParam: null as string | null,
    getNextPageParam: (last: ActivityPage) => last.next ?? undefined,
    queryFn: ({ signal, pageParam }) =>
      api.call(routes.activitySchedule.range, {
        params: range!,
        query: { limit: ACTIVITY_PAGE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
  });
  const pages = q.data?.pages;
  const data: ActivitiesAnswer | undefined = pages
    ? { items: pages.flatMap((x) => x.items), scadute: pages[0]?.scadute ?? [] }
    : undefined;
  return {
    data,
    isLoading: q.isLoading,
    hasMore: q.hasNextPage,
    loadingMore: q.isFetchingNextPage,
    loadMore: () => void q.fetchNextPage(),
  };
}

/** POST /schedule/appointment: the raw answer (success false carries the warnings). */
export function postAppointment(body: AppointmentRequest): Promise<AppointmentSaveResponse> {
  return api.call(routes.schedule.saveAppointment, { body });
}

/** Refreshes everything the planner shows (after any save). */
export function useRefreshPlanner() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: plannerKeys.all });
    // A report created with an appointment shows in the reports' lists.
    void client.invalidateQueries({ queryKey: ['reports'] });
  };
}

export function useDeleteAppointment() {
  const refresh = useRefreshPlanner();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => api.call(routes.schedule.removeAppointment, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useSaveTodo() {
  const refresh = useRefreshPlanner();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: TodoRequest) => (await api.call(routes.schedule.saveTodo, { body })).item,
    onSuccess: refresh,
  });
}
