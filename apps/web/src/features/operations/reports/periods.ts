import { addDays } from '@fs/contract';

/** The date-range shortcuts of spec 2: today, yesterday, this month, last month, last 30 days, last 90 days. */
export const PERIODS = ['oggi', 'ieri', 'mese', 'mese_scorso', 'ultimi_30', 'ultimi_90'] as const;
export type Period = (typeof PERIODS)[number];

const pad = (n: number) => String(n).padStart(2, '0');

/** The first and last day of the month `shift` months from `day`'s. */
function monthOf(day: string, shift: number): { dal: string; al: string } {
  const first = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + shift, 1));
  const dal = `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}-01`;
  const next = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1));
  const al = addDays(`${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-01`, -1);
  return { dal, al };
}

/**
 * The first and last day (YYYY-MM-DD, inclusive) of a shortcut, counted from `today`: the day it is
 * in the company's time zone (`todayIn(zone, now)` of the contract), never the browser's calendar.
 */
export function periodRange(p: Period, today: string): { dal: string; al: string } {
  switch (p) {
    case 'oggi':
      return { dal: today, al: today };
    case 'ieri':
      return { dal: addDays(today, -1), al: addDays(today, -1) };
    case 'mese':
      return monthOf(today, 0);
    case 'mese_scorso':
      return monthOf(today, -1);
    case 'ultimi_30':
      return { dal: addDays(today, -29), al: today };
    case 'ultimi_90':
      return { dal: addDays(today, -89), al: today };
  }
}
