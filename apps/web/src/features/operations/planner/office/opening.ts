import { addDays, compactDay, type DayRange } from './range';
import { dayIn } from './zone';

/**
 * What the office planner shows when it opens, known before its calendar's code has loaded: the
 * view and the days FullCalendar will report in `datesSet`, so the page can ask for those days'
 * appointments (the same query key) while the calendar loads (opening.test.tsx proves the days are
 * FullCalendar's own for every view).
 */

/** Below this width the planner opens on the list, else on the week. */
export const NARROW_QUERY = '(max-width: 62em)';

/** ?vista=giorno|settimana|mese|agenda opens that view (links and the browser benchmark). */
export const VIEWS: Record<string, PlannerView> = {
  giorno: 'timeGridDay',
  settimana: 'timeGridWeek',
  mese: 'dayGridMonth',
  agenda: 'listWeek',
};

export type PlannerView = 'timeGridDay' | 'timeGridWeek' | 'dayGridMonth' | 'listWeek';

/** The view the planner opens on: the address's ?vista=, else the week (the list on a narrow screen). */
export function openingView(vista: string | null, narrow: boolean): PlannerView {
  return VIEWS[vista ?? ''] ?? (narrow ? 'listWeek' : 'timeGridWeek');
}

/** Days since Monday (0 for Monday, 6 for Sunday) of a YYYY-MM-DD day. */
function sinceMonday(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return (new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay() + 6) % 7;
}

/**
 * The days a view shows around `today` (YYYY-MM-DD), as the calendar reports them: the day; the
 * week (and the list's week) from Monday, as the planner's calendar starts weeks (firstDay 1); the
 * month as six whole weeks (FullCalendar's fixed week count) from the Monday of the 1st's week.
 */
export function visibleDays(view: PlannerView, today: string): DayRange {
  if (view === 'timeGridDay') return { start: compactDay(today), end: compactDay(today) };
  if (view === 'dayGridMonth') {
    const first = `${today.slice(0, 8)}01`;
    const start = addDays(first, -sinceMonday(first));
    return { start: compactDay(start), end: compactDay(addDays(start, 41)) };
  }
  const monday = addDays(today, -sinceMonday(today));
  return { start: compactDay(monday), end: compactDay(addDays(monday, 6)) };
}

/** The view and days the planner opens on at `now` (the caller's clock), in the company's `timeZone`. */
export function openingRange(
  vista: string | null,
  narrow: boolean,
  timeZone: string,
  now = Date.now(),
): { view: PlannerView; range: DayRange } {
  const view = openingView(vista, narrow);
  return { view, range: visibleDays(view, dayIn(now, timeZone)) };
}
