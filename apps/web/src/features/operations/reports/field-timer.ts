import { parseDecimal, wallClock, type HoursMode } from '@fs/contract';
import { decimalText } from '../../../app/components/DecimalInput';
import { emptyDay, type DayState } from './report-form';

/**
 * The field view's work timer (issue 24): started and stopped on the phone, it fills the technician's
 * worked day of today (the company's zone) the way the company enters hours. While it runs its start is
 * kept in the browser's storage per report, so a reload (or the phone dropping the tab) keeps it running.
 */

/** Where a report's running timer is kept. */
export const timerKey = (reportId: string) => `fs.report-timer.${reportId}`;

/** The kept start of the report's running timer, or null (none, or something unreadable). */
export function readTimer(storage: Pick<Storage, 'getItem'>, reportId: string): Date | null {
  let raw: string | null;
  try {
    raw = storage.getItem(timerKey(reportId));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as { startedAt?: unknown };
    if (typeof v.startedAt !== 'string') return null;
    const at = new Date(v.startedAt);
    return Number.isNaN(at.getTime()) ? null : at;
  } catch {
    return null;
  }
}

export function writeTimer(storage: Pick<Storage, 'setItem' | 'removeItem'>, reportId: string, at: Date | null) {
  try {
    if (at) storage.setItem(timerKey(reportId), JSON.stringify({ startedAt: at.toISOString() }));
    else storage.removeItem(timerKey(reportId));
  } catch {
    // Private browsing with storage off: the timer still runs until the page is left.
  }
}

/** "1:05:09": the running time, hours not padded. */
export function elapsedText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
/** Hours as the form types them (Italian: "1,25"), rounded to the minute's hundredths. */
const hoursText = (minutes: number) => decimalText(String(Math.round((minutes / 60) * 100) / 100), false, 2);
const hoursOf = (typed: string) => {
  const r = parseDecimal(typed);
  return 'value' in r ? Number(r.value) : 0;
};
/** Past noon, the afternoon's hours. */
const AFTERNOON = 13 * 60;

export interface TimerRun {
  start: Date;
  end: Date;
  zone: string;
  mode: HoursMode;
  technician: string;
}

/**
 * The days after a timer run: today's day of the technician (made when missing) gets the run. By
 * start and end times (inizio_fine): the morning pair when free, else the afternoon's, else the
 * afternoon's end moves on; otherwise the minutes are added to the total, or to the morning or the
 * afternoon by when the run started. The start is taken to the minute below, the end to the minute
 * above: a run always counts at least a minute. A run that ends on another day counts until midnight.
 */
export function applyTimerRun(days: DayState[], run: TimerRun): DayState[] {
  const from = wallClock(run.start, run.zone);
  const to = wallClock(run.end, run.zone);
  const startMin = from.hour * 60 + from.minute;
  let endMin = to.date === from.date ? to.hour * 60 + to.minute + (to.second > 0 ? 1 : 0) : 24 * 60 - 1;
  if (endMin <= startMin) endMin = startMin + 1;
  endMin = Math.min(endMin, 24 * 60 - 1);
  const minutes = Math.max(1, endMin - startMin);
  const index = days.findIndex((d) => d.data === from.date && d.tecnico_id === run.technician && !d.ritorno);
  const day = index >= 0 ? days[index]! : emptyDay(run.technician, from.date);
  const next = { ...day, ...patchFor(day, run.mode, startMin, endMin, minutes) };
  return index >= 0 ? days.map((d, i) => (i === index ? next : d)) : [...days, next];
}

function patchFor(day: DayState, mode: HoursMode, startMin: number, endMin: number, minutes: number) {
  if (mode === 'inizio_fine') {
    if (!day.inizio_mattina && !day.fine_mattina) return { inizio_mattina: hhmm(startMin), fine_mattina: hhmm(endMin) };
    if (!day.inizio_pomeriggio && !day.fine_pomeriggio)
      return { inizio_pomeriggio: hhmm(startMin), fine_pomeriggio: hhmm(endMin) };
    const lastEnd = day.fine_pomeriggio ? minutesOf(day.fine_pomeriggio) : 0;
    return { fine_pomeriggio: hhmm(Math.max(lastEnd, endMin)) };
  }
  if (mode === 'mattina_pomeriggio') {
    const f = startMin >= AFTERNOON ? 'ore_pomeriggio' : 'ore_mattina';
    return { [f]: hoursText(Math.round(hoursOf(day[f]) * 60) + minutes) };
  }
  return { totale_ore: hoursText(Math.round(hoursOf(day.totale_ore) * 60) + minutes) };
}
