import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { renderUi } from '../../../../test/render';
import { openingRange, openingView, visibleDays, type PlannerView } from './opening';
import { PlannerCalendar, type CalendarHandlers } from './PlannerCalendar';
import { wireRange, type DayRange } from './range';

const VIEWS: PlannerView[] = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listWeek'];

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The days the planner's own calendar reports (datesSet) when it mounts at `now` on `view` in `timeZone`. */
function reported(view: PlannerView, now: string, timeZone: string): DayRange {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(now));
  let range: DayRange | null = null;
  const handlers: CalendarHandlers = {
    onRange: (startStr, endStr, v) => {
      expect(v).toBe(view);
      range = wireRange(startStr, endStr);
    },
    onSelect: () => {},
    onOpen: () => {},
    onMove: async () => false,
    onDrop: () => {},
  };
  renderUi(
    <PlannerCalendar
      events={[]}
      timeZone={timeZone}
      language="it"
      initialView={view}
      editable={false}
      handlers={handlers}
    />,
  );
  cleanup();
  vi.useRealTimers();
  if (!range) throw new Error('the calendar reported no range');
  return range;
}

/** Instants around the edges: month and year ends, Sundays and Mondays, the clock changes, late evening. */
const INSTANTS = [
  '2026-11-25T15:30:00Z', // a Wednesday
  '2026-11-30T23:30:00Z', // Monday 30 November in UTC, Tuesday 1 December in Rome
  '2026-11-30T22:59:00Z', // still 30 November in Rome
  '2026-02-28T23:30:00Z', // 1 March in Rome (a Sunday)
  '2026-06-01T08:00:00Z', // June 2026 starts on a Monday
  '2026-03-29T00:30:00Z', // the spring clock change in Rome (Sunday)
  '2026-10-25T01:30:00Z', // the autumn clock change in Rome (Sunday)
  '2026-12-31T23:30:00Z', // New Year's day in Rome
  '2027-02-01T12:00:00Z', // February 2027 starts on a Monday: its six weeks end in mid-March
  '2027-08-01T10:00:00Z', // a Sunday, the 1st
];

const VISTA: Record<PlannerView, string> = {
  dayGridMonth: 'mese',
  timeGridWeek: 'settimana',
  timeGridDay: 'giorno',
  listWeek: 'agenda',
};

describe('the planner’s opening days', () => {
  it('are the days FullCalendar reports, for every view, in the opening zone and in zones far from Rome', () => {
    for (const timeZone of ['Europe/Rome', 'America/New_York', 'Pacific/Auckland']) {
      for (const now of timeZone === 'Europe/Rome' ? INSTANTS : INSTANTS.slice(0, 5)) {
        for (const view of VIEWS) {
          const opening = openingRange(VISTA[view], false, timeZone, Date.parse(now));
          expect(opening.view).toBe(view);
          expect({ timeZone, now, view, ...opening.range }).toEqual({
            timeZone,
            now,
            view,
            ...reported(view, now, timeZone),
          });
        }
      }
    }
  }, 60_000);

  it('opens on ?vista=, else the week, or the list on a narrow screen', () => {
    expect(openingView('mese', false)).toBe('dayGridMonth');
    expect(openingView('giorno', true)).toBe('timeGridDay');
    expect(openingView(null, false)).toBe('timeGridWeek');
    expect(openingView('nessuna', true)).toBe('listWeek');
  });

  it('counts the month as six weeks from the Monday of the 1st’s week', () => {
    expect(visibleDays('dayGridMonth', '2026-11-25')).toEqual({ start: '20261026', end: '20261206' });
    expect(visibleDays('dayGridMonth', '2026-06-30')).toEqual({ start: '20260601', end: '20260712' });
    expect(visibleDays('timeGridWeek', '2026-11-29')).toEqual({ start: '20261123', end: '20261129' });
    expect(visibleDays('timeGridDay', '2026-11-29')).toEqual({ start: '20261129', end: '20261129' });
  });
});
