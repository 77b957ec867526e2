import { wallClock, zonedInstant } from '@fs/contract';

/**
 * "N working hours later", in a time zone. Working hours are the days and the
 * opening hours of `schedule` (default Monday to Friday, 9:00 to 18:00); time
 * outside them does not count. Public holidays are not known and count as
 * working days (docs/features/billing.md). Pure: no clock, no I/O.
 */
export interface WorkingSchedule {
  /** Hour of the day work starts and ends (0-24), local time. */
  open: number;
  close: number;
  /** Working days, 0 = Sunday ... 6 = Saturday. */
  days: number[];
}

export const DEFAULT_SCHEDULE: WorkingSchedule = { open: 9, close: 18, days: [1, 2, 3, 4, 5] };

const HOUR = 3_600_000;

interface LocalParts {
  y: number;
  m: number;
  d: number;
  /** Milliseconds since local midnight. */
  ms: number;
  weekday: number;
}

/** The wall clock of an instant in a time zone (the contract's time module, decision 0038). */
export function localParts(instant: number, timeZone: string): LocalParts {
  const w = wallClock(instant, timeZone);
  const ms = ((w.hour * 60 + w.minute) * 60 + w.second) * 1000 + (((instant % 1000) + 1000) % 1000);
  return { y: w.year, m: w.month, d: w.day, ms, weekday: new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay() };
}

/** The instant a local date and hour happen in a time zone (hours never fall in a DST gap here). */
function zonedAt(y: number, m: number, d: number, hour: number, timeZone: string): number {
  const day = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return zonedInstant(day, timeZone, hour).getTime();
}

/** Local midnight-based date arithmetic that ignores time zones (calendar days). */
function nextDay(y: number, m: number, d: number): [number, number, number] {
  const t = new Date(Date.UTC(y, m - 1, d + 1));
  return [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()];
}

/** `start` plus `hours` working hours of `schedule` in `timeZone`. */
export function addWorkingHours(
  start: Date,
  hours: number,
  timeZone: string,
  schedule: WorkingSchedule = DEFAULT_SCHEDULE,
): Date {
  if (!(hours > 0)) return new Date(start);
  if (schedule.days.length === 0 || schedule.close <= schedule.open) throw new Error('empty working schedule');
  let remaining = hours * HOUR;
  let cursor = start.getTime();
  // At most one pass per calendar day; a week holds at least one working day.
  for (let guard = 0; guard < 10_000; guard++) {
    const p = localParts(cursor, timeZone);
    const openMs = schedule.open * HOUR;
    const closeMs = schedule.close * HOUR;
    if (!schedule.days.includes(p.weekday) || p.ms >= closeMs) {
      const [y, m, d] = nextDay(p.y, p.m, p.d);
      cursor = zonedAt(y, m, d, schedule.open, timeZone);
      continue;
    }
    if (p.ms < openMs) cursor = zonedAt(p.y, p.m, p.d, schedule.open, timeZone);
    const closing = zonedAt(p.y, p.m, p.d, schedule.close, timeZone);
    const available = closing - cursor;
    if (remaining <= available) return new Date(cursor + remaining);
    remaining -= available;
    const [y, m, d] = nextDay(p.y, p.m, p.d);
    cursor = zonedAt(y, m, d, schedule.open, timeZone);
  }
  throw new Error('working hours did not converge');
}
