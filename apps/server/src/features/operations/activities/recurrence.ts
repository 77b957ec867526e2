import rrulePkg from 'rrule';
import { ACTIVITY_MAX, FREQUENCY_MESSAGES, type FrequencyInput } from '@fs/contract';

/**
 * The dates of an activity's frequency inside a contract period (issue 13, decision 0027). Pure.
 * Calendar dates only: rrule runs on "floating" UTC date-times (datetime(y, m, d) at midnight UTC),
 * so the daylight-saving changes of any zone never move a date. Month ends: monthly from the
 * 29th-31st (and yearly from 29 February) falls on min(day, last day of the month), every month.
 */

// rrule ships a UMD bundle as its CommonJS main: Node's ESM loader exposes it as the default export.
const { RRule, datetime } = rrulePkg;

export interface Period {
  /** YYYY-MM-DD, both ends included. */
  start: string;
  end: string;
}

/** A frequency that cannot be: the spec's message (FREQUENZA_MESSAGES) and the field it is about. */
export class FrequenzaError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
  }
}

const parts = (d: string): [number, number, number] => {
  const [y, m, day] = d.split('-').map(Number) as [number, number, number];
  return [y, m, day];
};
const toDate = (d: string): Date => {
  const [y, m, day] = parts(d);
  return datetime(y, m, day);
};
const iso = (d: Date): string => d.toISOString().slice(0, 10);

/** Whether `d` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDate(d: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const x = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(x.getTime()) && iso(x) === d;
}

type Fissa = Extract<FrequencyInput, { tipo: 'fissa' }>;

const FREQ = { giorni: RRule.DAILY, settimane: RRule.WEEKLY, mesi: RRule.MONTHLY, anni: RRule.YEARLY } as const;

/** The rrule of a fixed frequency from `anchor`: one date per step, month ends clamped to the month. */
export function ruleOf(f: Pick<Fissa, 'ogni' | 'unita'>, anchor: string): InstanceType<typeof RRule> {
  const [, month, day] = parts(anchor);
  const base = { freq: FREQ[f.unita], interval: f.ogni, dtstart: toDate(anchor) };
  if ((f.unita !== 'mesi' && f.unita !== 'anni') || day <= 28) {
    return new RRule(f.unita === 'anni' ? { ...base, bymonth: month, bymonthday: day } : base);
  }
  // From the 29th-31st: the last of the days 28..day the month has (BYSETPOS=-1), so a short month
  // gives its last day instead of being skipped (rrule skips months without BYMONTHDAY=31).
  const days = Array.from({ length: day - 27 }, (_, i) => 28 + i);
  return new RRule({
    ...base,
    bymonthday: days,
    bysetpos: -1,
    ...(f.unita === 'anni' ? { bymonth: month } : {}),
  });
}

/**
 * The dates a frequency gives inside `period` (sorted, without repeats), unchecked: a fixed one from
 * `anchor` (its data_inizio, else the period's start; an anchor before the period continues its series).
 */
export function occurrencesIn(frequenza: FrequencyInput, period: Period, anchor?: string | null): string[] {
  if (frequenza.tipo === 'data_singola') {
    return frequenza.data >= period.start && frequenza.data <= period.end ? [frequenza.data] : [];
  }
  if (frequenza.tipo === 'variabile') {
    return [...new Set(frequenza.date)].filter((d) => d >= period.start && d <= period.end).sort();
  }
  const from = frequenza.data_inizio ?? anchor ?? period.start;
  if (from > period.end) return [];
  const rule = ruleOf(frequenza, from);
  const after = toDate(period.start > from ? period.start : from);
  // (between without its iterator callback: the callback form is several times slower in rrule 2.8.)
  return rule
    .between(after, toDate(period.end), true)
    .slice(0, ACTIVITY_MAX.occorrenze + 1)
    .map(iso);
}

/** The day before the same calendar day one year later: the end of a calendar year from `start`. */
function yearFrom(start: string): string {
  const [y, m, d] = parts(start);
  // 29 February + 1 year is 28 February (min(day, month's last day)), less one day.
  const last = new Date(Date.UTC(y + 1, m, 0)).getUTCDate();
  const next = new Date(Date.UTC(y + 1, m - 1, Math.min(d, last)));
  next.setUTCDate(next.getUTCDate() - 1);
  return iso(next);
}

export interface PeriodRules {
  /** The months an automatic renewal adds, when the contract renews itself. */
  mesiRinnovo?: number | null;
}

/**
 * The dates of a frequency in a contract period, checked (spec 5): a yearly frequency needs the period
 * (and the renewal) to last a calendar year (annualeBreve), given dates must be real and inside the
 * period (fuoriPeriodo), at least one date (nessunaData), at most ATTIVITA_MAX.occorrenze (troppeDate).
 * Throws FrequenzaError with the field's path under `frequenza`.
 */
export function datesOf(frequenza: FrequencyInput, period: Period, rules: PeriodRules = {}): string[] {
  const M = FREQUENCY_MESSAGES;
  if (frequenza.tipo === 'fissa') {
    if (frequenza.unita === 'anni') {
      const short = yearFrom(period.start) > period.end;
      const shortRenewal = rules.mesiRinnovo != null && rules.mesiRinnovo < 12;
      if (short || shortRenewal) throw new FrequenzaError(M.annualeBreve, 'unita');
    }
    const from = frequenza.data_inizio;
    if (from != null && (!isCalendarDate(from) || from < period.start || from > period.end)) {
      throw new FrequenzaError(M.fuoriPeriodo, 'data_inizio');
    }
  } else if (frequenza.tipo === 'variabile') {
    const bad = frequenza.date.findIndex((d) => !isCalendarDate(d) || d < period.start || d > period.end);
    if (bad >= 0) throw new FrequenzaError(M.fuoriPeriodo, `date.${bad}`);
  } else if (!isCalendarDate(frequenza.data) || frequenza.data < period.start || frequenza.data > period.end) {
    throw new FrequenzaError(M.fuoriPeriodo, 'data');
  }
  const dates = occurrencesIn(frequenza, period);
  if (dates.length === 0) throw new FrequenzaError(M.nessunaData, frequenza.tipo === 'fissa' ? 'ogni' : 'date');
  if (dates.length > ACTIVITY_MAX.occorrenze) throw new FrequenzaError(M.troppeDate, 'ogni');
  return dates;
}
