import { SCHEDULE_MAX, addDays, dayIn, daysBetween, zonedInstant } from '@fs/contract';
import { AppError } from '../../../platform/errors.js';

/**
 * Days and instants of the planner: instants are stored UTC, days are counted in the company's zone
 * (`aziende.timezone`; the contract's time module, decision 0038), so an appointment at 09:00 on the day of a daylight-saving change is
 * 08:00Z or 07:00Z as the zone says. Wire days are YYYYMMDD (spec operations 9).
 */

/** The instant of a wall-clock time in the zone (a time skipped by a change is read with the earlier offset). */
export const zonedToUtc = (day: string, tz: string, hour = 0, minute = 0): Date => zonedInstant(day, tz, hour, minute);

/** The day (YYYY-MM-DD) an instant falls on in the zone. */
export const localDay = (at: Date, tz: string): string => dayIn(at, tz);

export const compact = (day: string) => day.replaceAll('-', '');
export const dashed = (day: string) => `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;

/** A real calendar day (YYYY-MM-DD), not 2026-02-30. */
export function isRealDay(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

export { addDays, daysBetween };

export interface Range {
  /** First instant of the first day, and first instant after the last day, in the zone. */
  from: Date;
  to: Date;
  start: string;
  end: string;
}

/** A YYYYMMDD range of at most 366 days, end not before start: its instants in the zone. */
export function rangeOf(start: string, end: string, tz: string): Range {
  const s = dashed(start);
  const e = dashed(end);
  const problems = [];
  if (!isRealDay(s)) problems.push({ path: 'start', message: 'Data non valida' });
  if (!isRealDay(e)) problems.push({ path: 'end', message: 'Data non valida' });
  if (!problems.length && e < s) problems.push({ path: 'end', message: "La fine precede l'inizio" });
  if (!problems.length && daysBetween(s, e) + 1 > SCHEDULE_MAX.rangeGiorni) {
    problems.push({ path: 'end', message: `Intervallo di al massimo ${SCHEDULE_MAX.rangeGiorni} giorni` });
  }
  if (problems.length) throw new AppError('VALIDATION', problems[0]!.message, problems);
  return { from: zonedToUtc(s, tz), to: zonedToUtc(addDays(e, 1), tz), start: s, end: e };
}

/** The map's ranges (spec: this week, next 30 days, this month, next month) from today in the zone. */
export function mapRange(range: 'settimana' | 'prossimi_30' | 'mese' | 'mese_prossimo', tz: string, now = new Date()) {
  const today = localDay(now, tz);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const monthStart = (yy: number, mm: number) => new Date(Date.UTC(yy, mm - 1, 1)).toISOString().slice(0, 10);
  switch (range) {
    case 'settimana': {
      const dow = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
      const start = addDays(today, -dow);
      return { start, end: addDays(start, 6) };
    }
    case 'prossimi_30':
      return { start: today, end: addDays(today, 29) };
    case 'mese':
      return { start: monthStart(y, m), end: addDays(monthStart(y, m + 1), -1) };
    case 'mese_prossimo':
      return { start: monthStart(y, m + 1), end: addDays(monthStart(y, m + 2), -1) };
  }
}
