import { addDays, daysBetween, STATS_DAILY_MAX_DAYS, STATS_MAX_MONTHS, type StatsRange } from '@fs/contract';
import { AppError } from '../../../platform/errors.js';

/**
 * The range of every statistics call (decision 0046): company days, `startDate` ≤ `endDate` (else 400
 * VALIDATION) and `endDate` before `startDate` + 12 months (else code -2: 12 months are allowed, 12 months and
 * a day are not). The previous period has the same number of days and ends the day before `startDate`.
 */

/** `day` plus `months` calendar months, the day clamped to the month's last (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 + months;
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const d = Math.min(Number(day.slice(8, 10)), last);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Throws unless the range is in order and at most 12 months long. */
export function checkRange(r: StatsRange): void {
  if (r.startDate > r.endDate)
    throw new AppError('VALIDATION', 'La data iniziale è successiva a quella finale', [
      { path: 'endDate', message: 'Deve essere uguale o successiva a startDate' },
    ]);
  if (r.endDate >= addMonths(r.startDate, STATS_MAX_MONTHS))
    throw new AppError('-2', `L'intervallo supera i ${STATS_MAX_MONTHS} mesi`);
}

/** The number of days of the range, both ends included. */
export const lengthOf = (r: StatsRange): number => daysBetween(r.startDate, r.endDate) + 1;

/** The period of the same number of days ending the day before startDate. */
export function previousOf(r: StatsRange): StatsRange {
  return { startDate: addDays(r.startDate, -lengthOf(r)), endDate: addDays(r.startDate, -1) };
}

export type Granularity = 'giorno' | 'mese';

export const granularityOf = (r: StatsRange): Granularity => (lengthOf(r) <= STATS_DAILY_MAX_DAYS ? 'giorno' : 'mese');

/** Every period of the range in order: its days (YYYY-MM-DD) or its months (YYYY-MM). */
export function periodsOf(r: StatsRange, g: Granularity): string[] {
  const out: string[] = [];
  if (g === 'giorno') {
    for (let d = r.startDate; d <= r.endDate; d = addDays(d, 1)) out.push(d);
    return out;
  }
  const last = r.endDate.slice(0, 7);
  for (let m = `${r.startDate.slice(0, 7)}-01`; m.slice(0, 7) <= last; m = addMonths(m, 1)) out.push(m.slice(0, 7));
  return out;
}

/** The period a company day falls in. */
export const periodOf = (day: string, g: Granularity): string => (g === 'giorno' ? day : day.slice(0, 7));
