/** Days on the wire: the calendar's YYYY-MM-DD and the schedule calls' YYYYMMDD (spec 9). */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** YYYY-MM-DD (or the start of an ISO string) as YYYYMMDD. */
export function compactDay(iso: string): string {
  const m = ISO_DAY.exec(iso);
  if (!m) throw new Error(`Not a day: ${iso}`);
  return `${m[1]}${m[2]}${m[3]}`;
}

/** YYYYMMDD as YYYY-MM-DD. */
export function isoDay(compact: string): string {
  return `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;
}

/** A calendar day (YYYY-MM-DD) moved by whole days. */
export function addDays(iso: string, days: number): string {
  const m = ISO_DAY.exec(iso);
  if (!m) throw new Error(`Not a day: ${iso}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return d.toISOString().slice(0, 10);
}

export interface DayRange {
  /** First day, YYYYMMDD. */
  start: string;
  /** Last day (inclusive), YYYYMMDD. */
  end: string;
}

/**
 * The visible range FullCalendar reports (start inclusive, end exclusive, as ISO strings in the
 * calendar's zone) as the schedule calls' inclusive YYYYMMDD range.
 */
export function wireRange(startStr: string, endStr: string): DayRange {
  const start = startStr.slice(0, 10);
  const endExclusive = endStr.slice(0, 10);
  const last = endExclusive > start ? addDays(endExclusive, -1) : start;
  return { start: compactDay(start), end: compactDay(last) };
}
