import { addDays, formatTime, zonedInstant, type ClockingKind, type ClockingRecord } from '@fs/contract';

/**
 * Clocking's pure rules for the screens (issue 26, decision 0045): which times are in force, what
 * is running, which travel leg comes next, the ranges of the office's views, durations as h:mm.
 */

/** The times in force: the office's latest correction when there is one, else the raw times. */
export function effectiveStart(r: ClockingRecord): string {
  return r.versione > 0 && r.timbraturaStartCorretta ? r.timbraturaStartCorretta : r.timbraturaStart;
}
export function effectiveEnd(r: ClockingRecord): string | null {
  return r.versione > 0 ? r.timbraturaEndCorretta : r.timbraturaEnd;
}

/** The record still open (no end in force), if it is one. */
export function isOpen(r: ClockingRecord | null | undefined): boolean {
  return !!r && effectiveEnd(r) === null;
}

/** Milliseconds the open record has been running at `now` (0 before its start). */
export function runningMs(r: ClockingRecord, now: number): number {
  return Math.max(0, now - new Date(effectiveStart(r)).getTime());
}

/** "1:05:09": a running time, hours not padded. */
export function clockText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

/** Minutes as h:mm ("0:00", "7:45", "172:30"): payroll reads hours past 24. */
export function minutesText(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return '';
  const sign = minutes < 0 ? '-' : '';
  const m = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

/** "08:00–12:30", "08:00–…" while open; '' when there is no start. */
export function spanText(start: string | null, end: string | null, timeZone: string): string {
  const from = formatTime(start, timeZone);
  if (!from) return '';
  return `${from}–${formatTime(end, timeZone) ?? '…'}`;
}

export type TravelLeg = 'ANDATA' | 'RITORNO';

/** Travel records, newest first (by the start in force). */
function travelsNewestFirst(records: ClockingRecord[]): ClockingRecord[] {
  return records
    .filter((r) => r.tipo !== 'LAVORO')
    .sort((a, b) => new Date(effectiveStart(b)).getTime() - new Date(effectiveStart(a)).getTime());
}

/**
 * The travel leg expected next (decision 0045): a return after an outward travel not yet returned
 * (nor marked not necessary), else an outward travel. `records` are the technician's recent ones.
 */
export function nextTravelLeg(records: ClockingRecord[]): { leg: TravelLeg; outward: ClockingRecord | null } {
  const last = travelsNewestFirst(records)[0];
  if (last && last.tipo === 'ANDATA' && !last.ritornoNonNecessario) return { leg: 'RITORNO', outward: last };
  return { leg: 'ANDATA', outward: null };
}

/** Both buttons of the clock: what each does now. */
export interface ClockState {
  open: ClockingRecord | null;
  work: 'start' | 'stop' | 'blocked';
  travel: { action: 'start' | 'stop' | 'blocked'; leg: ClockingKind };
  /** The outward travel whose return may be marked not necessary (none while travelling). */
  returnOptional: ClockingRecord | null;
}

/**
 * What the clock offers: the open record stops with its own button; the other is blocked until it
 * ends (one open interval per technician). The newest record (`last`) wins over the list for what is open.
 */
export function clockState(last: ClockingRecord | null, recent: ClockingRecord[]): ClockState {
  const byId = new Map(recent.map((r) => [r.id, r]));
  if (last) byId.set(last.id, last);
  const all = [...byId.values()];
  const open = last && isOpen(last) ? last : null;
  const { leg, outward } = nextTravelLeg(all);
  if (open?.tipo === 'LAVORO') {
    return { open, work: 'stop', travel: { action: 'blocked', leg }, returnOptional: null };
  }
  if (open) return { open, work: 'blocked', travel: { action: 'stop', leg: open.tipo }, returnOptional: null };
  return { open: null, work: 'start', travel: { action: 'start', leg }, returnOptional: outward };
}

/** Today's records (company day), oldest first. */
export function recordsOfDay(records: ClockingRecord[], day: string): ClockingRecord[] {
  return records
    .filter((r) => r.giorno === day)
    .sort((a, b) => new Date(effectiveStart(a)).getTime() - new Date(effectiveStart(b)).getTime());
}

export type ClockingView = 'day' | 'week' | 'month';

/** The days an office view shows around `anchor`: the day, its week (Monday to Sunday) or its month. */
export function viewRange(view: ClockingView, anchor: string): { from: string; to: string } {
  if (view === 'day') return { from: anchor, to: anchor };
  if (view === 'week') {
    const weekday = new Date(`${anchor}T00:00:00Z`).getUTCDay();
    const from = addDays(anchor, -((weekday + 6) % 7));
    return { from, to: addDays(from, 6) };
  }
  const from = `${anchor.slice(0, 7)}-01`;
  const y = Number(anchor.slice(0, 4));
  const m = Number(anchor.slice(5, 7));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from, to: `${anchor.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

/** The anchor one view earlier (-1) or later (+1). */
export function shiftAnchor(view: ClockingView, anchor: string, step: -1 | 1): string {
  if (view === 'day') return addDays(anchor, step);
  if (view === 'week') return addDays(anchor, 7 * step);
  const y = Number(anchor.slice(0, 4));
  const m = Number(anchor.slice(5, 7)) - 1 + step;
  const d = new Date(Date.UTC(y, m, 1));
  return d.toISOString().slice(0, 10);
}

/** A wall time typed in the office (HH:mm on `day`, company zone) as an ISO instant; null when unreadable. */
export function instantOf(day: string, hhmm: string, timeZone: string): string | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!m || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return zonedInstant(day, timeZone, h, min).toISOString();
}

/**
 * An end typed as a wall time: on the start's day, or the next day when it is not after the start
 * (a night shift, 22:00–06:00).
 */
export function endInstantOf(day: string, startIso: string, hhmm: string, timeZone: string): string | null {
  const same = instantOf(day, hhmm, timeZone);
  if (!same) return null;
  return new Date(same).getTime() > new Date(startIso).getTime() ? same : instantOf(addDays(day, 1), hhmm, timeZone);
}
