import { addDays, todayIn, wallClock as zonedWallClock, type Appointment } from '@fs/contract';

/**
 * The technician's agenda works in days of the company's zone (useCompanyZone()), whatever
 * the phone's zone: a day is YYYY-MM-DD on that zone's calendar, an instant (UTC on the wire) is
 * read on that zone's clock. The week starts on Monday.
 */
export type AgendaSpan = 'day' | 'week';

/** An instant on the zone's clock: its day (YYYY-MM-DD) and time (HH:MM). */
export function wallClock(instant: string | number | Date, zone: string): { day: string; time: string } {
  const w = zonedWallClock(instant, zone);
  return { day: w.date, time: w.time };
}

/** Today on the zone's calendar; a day `n` days after `day` (the contract's time module). */
export { addDays, todayIn };

const utcOf = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

/** The Monday of `day`'s week. */
export function mondayOf(day: string): string {
  const weekday = (new Date(utcOf(day)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/** The first and last day (inclusive) the agenda shows around `anchor`. */
export function spanOf(span: AgendaSpan, anchor: string): { first: string; last: string } {
  if (span === 'day') return { first: anchor, last: anchor };
  const first = mondayOf(anchor);
  return { first, last: addDays(first, 6) };
}

/** The anchor one step before (-1) or after (+1): a day or a week. */
export function step(span: AgendaSpan, anchor: string, direction: -1 | 1): string {
  return addDays(anchor, direction * (span === 'day' ? 1 : 7));
}

/** YYYY-MM-DD → the wire's YYYYMMDD. */
export const wireDay = (day: string) => day.replaceAll('-', '');
/** The wire's YYYYMMDD → YYYY-MM-DD. */
export const isoDay = (wire: string) => `${wire.slice(0, 4)}-${wire.slice(4, 6)}-${wire.slice(6, 8)}`;

/** The first and last day (inclusive) an appointment covers on the zone's calendar; null for a to-do. */
export function daysCovered(a: Appointment, zone: string): { first: string; last: string } | null {
  if (a.tutto_il_giorno) {
    if (!a.giorno_inizio || !a.giorno_fine) return null;
    return { first: isoDay(a.giorno_inizio), last: isoDay(a.giorno_fine) };
  }
  if (!a.inizio || !a.fine) return null;
  const start = Date.parse(a.inizio);
  // The end is exclusive: one ending at midnight does not reach the next day.
  const end = Math.max(start, Date.parse(a.fine) - 1);
  return { first: wallClock(start, zone).day, last: wallClock(end, zone).day };
}

export interface AgendaEntry {
  appointment: Appointment;
  /** HH:MM on this day, or null when it starts on an earlier day (or is all day). */
  from: string | null;
  /** HH:MM on this day, or null when it ends on a later day (or is all day). */
  to: string | null;
}

export interface AgendaDay {
  day: string;
  entries: AgendaEntry[];
}

/**
 * The appointments day by day over [first, last]: only the days that have some, each appointment
 * under every day it covers; all-day ones first, then by start time, then by title.
 */
export function groupByDay(items: Appointment[], first: string, last: string, zone: string): AgendaDay[] {
  const days: AgendaDay[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const entries: AgendaEntry[] = [];
    for (const a of items) {
      const covered = daysCovered(a, zone);
      if (!covered || covered.first > day || covered.last < day) continue;
      if (a.tutto_il_giorno) {
        entries.push({ appointment: a, from: null, to: null });
        continue;
      }
      const start = wallClock(a.inizio!, zone);
      const end = wallClock(a.fine!, zone);
      entries.push({
        appointment: a,
        from: start.day === day ? start.time : null,
        to: end.day === day ? end.time : null,
      });
    }
    entries.sort(
      (x, y) =>
        Number(y.appointment.tutto_il_giorno) - Number(x.appointment.tutto_il_giorno) ||
        (x.appointment.inizio ?? '').localeCompare(y.appointment.inizio ?? '') ||
        x.appointment.titolo.localeCompare(y.appointment.titolo),
    );
    if (entries.length) days.push({ day, entries });
  }
  return days;
}

/**
 * An instant as the zone's wall clock written like UTC ("2026-03-29T09:00:00Z" for 09:00 in Rome):
 * the calendar runs in UTC and so shows the zone's hours whatever the phone's zone (no time zone
 * plugin is needed).
 */
export function wallAsUtc(instant: string | number | Date, zone: string): string {
  const { day, time } = wallClock(instant, zone);
  return `${day}T${time}:00Z`;
}

export interface CalendarEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
}

/** The appointments as calendar events on the zone's wall clock (all-day ones end the day after, exclusive). */
export function calendarEvents(items: Appointment[], zone: string): CalendarEvent[] {
  const out: CalendarEvent[] = [];
  for (const a of items) {
    const covered = daysCovered(a, zone);
    if (!covered) continue;
    const title = `${a.titolo} – ${a.cliente}`;
    if (a.tutto_il_giorno) {
      out.push({ id: a.id, title, start: covered.first, end: addDays(covered.last, 1), allDay: true });
    } else {
      out.push({ id: a.id, title, start: wallAsUtc(a.inizio!, zone), end: wallAsUtc(a.fine!, zone), allDay: false });
    }
  }
  return out;
}

/**
 * The list's days with today among them when [first, last] holds it, empty when it has nothing:
 * the agenda opens on today (issue 24) even when today is free. No days at all stay none.
 */
export function withToday(days: AgendaDay[], today: string, first: string, last: string): AgendaDay[] {
  if (days.length === 0 || today < first || today > last || days.some((d) => d.day === today)) return days;
  return [...days, { day: today, entries: [] }].sort((a, b) => a.day.localeCompare(b.day));
}

/** The day the list opens on: today's, else the first after it, else the last before it; null with no days. */
export function openingDay(days: AgendaDay[], today: string): string | null {
  return days.find((d) => d.day >= today)?.day ?? days.at(-1)?.day ?? null;
}
