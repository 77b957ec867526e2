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
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

interface LocalParts {
  y: number;
  m: number;
  d: number;
  /** Milliseconds since local midnight. */
  ms: number;
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of an instant in a time zone. */
export function localParts(instant: number, timeZone: string): LocalParts {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const ms =
    ((Number(parts.hour) * 60 + Number(parts.minute)) * 60 + Number(parts.second)) * 1000 +
    (((instant % 1000) + 1000) % 1000);
  return {
    y: Number(parts.year),
    m: Number(parts.month),
    d: Number(parts.day),
    ms,
    weekday: WEEKDAYS[parts.weekday!]!,
  };
}

/** Offset of the zone from UTC at an instant, in ms (Rome in winter: +1 h). */
function offsetAt(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  return Date.UTC(p.y, p.m - 1, p.d) + p.ms - instant;
}

/** The instant a local date and hour happen in a time zone (hours never fall in a DST gap here). */
export function zonedInstant(y: number, m: number, d: number, hour: number, timeZone: string): number {
  const asUtc = Date.UTC(y, m - 1, d) + hour * HOUR;
  let instant = asUtc - offsetAt(asUtc, timeZone);
  instant = asUtc - offsetAt(instant, timeZone);
  return instant;
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
      cursor = zonedInstant(y, m, d, schedule.open, timeZone);
      continue;
    }
    if (p.ms < openMs) cursor = zonedInstant(p.y, p.m, p.d, schedule.open, timeZone);
    const closing = zonedInstant(p.y, p.m, p.d, schedule.close, timeZone);
    const available = closing - cursor;
    if (remaining <= available) return new Date(cursor + remaining);
    remaining -= available;
    const [y, m, d] = nextDay(p.y, p.m, p.d);
    cursor = zonedInstant(y, m, d, schedule.open, timeZone);
  }
  throw new Error('working hours did not converge');
}
