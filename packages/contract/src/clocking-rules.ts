import { add, dec, mul, str } from './money.js';
import { addDays, wallClock } from './time.js';

/**
 * The company's clocking rules applied to raw times (decision 0045): a grid of `roundingMinutes`
 * on the wall clock of the company's zone; an entry up to `toleranceMinutes` after a grid line
 * counts as on the line (in the employee's favour), a later one counts from the next line (in the
 * company's); an exit up to `toleranceMinutes` before a line counts as on the line, an earlier one
 * counts until the line before. Seconds are dropped first. Durations are differences of instants,
 * so an interval across midnight or a daylight-saving change counts its real minutes.
 */
export interface ClockingRules {
  toleranceMinutes: number;
  /** 1, 5, 10, 15, 30 or 60: a divisor of an hour, so the grid is the same every hour of every day. */
  roundingMinutes: number;
  timeZone: string;
}

const MINUTE = 60_000;

/** The instant cut to its minute, and its minute of the day on the zone's wall clock. */
function onGrid(at: Date, rules: ClockingRules) {
  const cut = Math.floor(at.getTime() / MINUTE) * MINUTE;
  const w = wallClock(cut, rules.timeZone);
  const minute = w.hour * 60 + w.minute;
  const r = Math.max(1, Math.trunc(rules.roundingMinutes));
  const below = minute % r; // minutes since the line at or before
  const above = below === 0 ? 0 : r - below; // minutes until the line at or after
  return { cut, below, above, tolerance: Math.max(0, Math.trunc(rules.toleranceMinutes)) };
}

/** The calculated entry: on time within the tolerance after a line, else the next line. */
export function calculateStart(at: Date, rules: ClockingRules): Date {
  const g = onGrid(at, rules);
  // Offsets move by whole hours (or half hours) and the grid divides an hour, so moving the instant by
  // wall-clock minutes lands on the wall grid line even on a daylight-saving day.
  return new Date(g.below <= g.tolerance ? g.cut - g.below * MINUTE : g.cut + g.above * MINUTE);
}

/** The calculated exit: on time within the tolerance before a line, else the line before. */
export function calculateEnd(at: Date, rules: ClockingRules): Date {
  const g = onGrid(at, rules);
  return new Date(g.above <= g.tolerance ? g.cut + g.above * MINUTE : g.cut - g.below * MINUTE);
}

/** Both calculated times and the minutes between them (null while open); never a negative interval. */
export function calculateInterval(
  start: Date,
  end: Date | null,
  rules: ClockingRules,
): { start: Date; end: Date | null; minutes: number | null } {
  const s = calculateStart(start, rules);
  if (!end) return { start: s, end: null, minutes: null };
  const e = calculateEnd(end, rules);
  const last = e.getTime() < s.getTime() ? s : e;
  return { start: s, end: last, minutes: Math.round((last.getTime() - s.getTime()) / MINUTE) };
}

/** The daily allowance option (`trasferte`, paid): on or off, the amount of a day, the minimum one-way km. */
export interface AllowanceRules {
  enabled: boolean;
  /** Dot decimal, e.g. "45.00". */
  dailyAmount: string;
  minKm: number;
}

/** A travel record as the allowance reads it: kind, company day, one-way km, return marked not necessary. */
export interface TravelLeg {
  tipo: 'ANDATA' | 'RITORNO';
  giorno: string;
  km: number | null;
  ritornoNonNecessario: boolean;
}

/**
 * The company days of [from, to] that earn the allowance, for one technician's travel in time order
 * (it may start before `from`, so a trip begun earlier still counts). A trip is an outward travel and
 * the next return; it earns when its longer leg is at least `minKm` one way, every day from the outward
 * day to the return day, both included. An outward travel without a return yet, or with its return
 * marked not necessary, earns its own day only. A return without an outward travel earns nothing.
 */
export function allowanceDays(legs: readonly TravelLeg[], rules: AllowanceRules, from: string, to: string): string[] {
  if (!rules.enabled) return [];
  const days = new Set<string>();
  const earn = (first: string, last: string) => {
    for (let d = first < from ? from : first; d <= last && d <= to; d = addDays(d, 1)) days.add(d);
  };
  let open: TravelLeg | null = null;
  for (const leg of legs) {
    if (leg.tipo === 'ANDATA') {
      if (open && (open.km ?? 0) >= rules.minKm) earn(open.giorno, open.giorno);
      open = null;
      if (leg.ritornoNonNecessario) {
        if ((leg.km ?? 0) >= rules.minKm) earn(leg.giorno, leg.giorno);
      } else open = leg;
    } else if (open) {
      if (Math.max(open.km ?? 0, leg.km ?? 0) >= rules.minKm)
        earn(open.giorno, leg.giorno < open.giorno ? open.giorno : leg.giorno);
      open = null;
    }
  }
  if (open && (open.km ?? 0) >= rules.minKm) earn(open.giorno, open.giorno);
  return [...days].sort();
}

/** The allowance of a number of days, dot decimal with 2 decimals ("135.00"). */
export function allowanceAmount(days: number, rules: AllowanceRules): string {
  return str(mul(dec(rules.enabled ? rules.dailyAmount : '0'), dec(days)));
}

/** Sums allowance amounts (dot decimals), exactly. */
export function sumAmounts(amounts: readonly string[]): string {
  return str(add(...amounts.map((a) => dec(a))));
}

/** Minutes as h:mm ("7:05", "41:30"), for durations over a day too; negative with a sign. */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const m = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}
