/**
 * Days and instants, defined once for the server, the PDFs and the web (decision 0038). An instant
 * is a point in time (a Date, an ISO string with its offset, or epoch milliseconds); a day is
 * YYYY-MM-DD on a time zone's calendar — the company's (`aziende.timezone`), never the server's nor
 * the browser's. Day arithmetic (`addDays`, `daysBetween`) is on calendar days and involves no
 * clock, so a daylight-saving change never moves a date.
 */

/** The time zone of a new company (and of the demo); everything else reads the company's. */
export const DEFAULT_TIME_ZONE = 'Europe/Rome';

export type Instant = Date | string | number;

/** One formatter per time zone: making an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const msOf = (at: Instant): number => (at instanceof Date ? at.getTime() : new Date(at).getTime());
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** What a wall clock in the zone shows at an instant. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM (24 hours) */
  time: string;
}

/** The zone's wall clock at an instant (a RangeError for an invalid one). */
export function wallClock(at: Instant, timeZone: string): WallClock {
  const ms = msOf(at);
  if (Number.isNaN(ms)) throw new RangeError(`not an instant: ${String(at)}`);
  const parts = partsFormatter(timeZone).formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const w = { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
  return {
    ...w,
    second: get('second'),
    date: `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`,
    time: `${pad(w.hour)}:${pad(w.minute)}`,
  };
}

/** The day (YYYY-MM-DD) an instant falls on in the zone. */
export function dayIn(at: Instant, timeZone: string): string {
  return wallClock(at, timeZone).date;
}

/** Today (YYYY-MM-DD) in the zone; `now` is the caller's clock (the server's `deps.clock.now()`). */
export function todayIn(timeZone: string, now: Instant = new Date()): string {
  return dayIn(now, timeZone);
}

/** The year an instant falls in, in the zone (report numbering restarts with it). */
export function yearIn(at: Instant, timeZone: string): number {
  return wallClock(at, timeZone).year;
}

/** The zone's offset from UTC (ms) at an instant. */
function offsetMs(at: number, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000;
}

/**
 * The instant the zone's wall clock shows `hour:minute` on `day`. A time skipped by a
 * daylight-saving change (02:30 on the last Sunday of March in Rome) is read with the offset
 * before the change (03:30 summer time).
 */
export function zonedInstant(day: string, timeZone: string, hour = 0, minute = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, hour, minute);
  const first = guess - offsetMs(guess, timeZone);
  return new Date(guess - offsetMs(first, timeZone));
}

/** The first instant of `day` in the zone (its midnight, 00:00 on the zone's clock). */
export function startOfDay(day: string, timeZone: string): Date {
  return zonedInstant(day, timeZone);
}

const utcOf = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

/** The day `n` calendar days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  return new Date(utcOf(day) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcOf(to) - utcOf(from)) / 86_400_000);
}
