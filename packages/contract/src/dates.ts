import { z } from 'zod';

/**
 * The one rule for dates on the wire (issue 22): a date is a real calendar day (no 31 February, no
 * 29 February outside leap years) between DATE_MIN_YEAR and DATE_MAX_YEAR, whether it travels as
 * YYYY-MM-DD (bodies, list filters, statistics) or YYYYMMDD (schedule ranges), in a body, a query
 * string or a path. Instants (ISO date-times with an offset) keep their date in the same years.
 * Every schema of the contract and the server uses these, so the database never sees a date it
 * would refuse and a refusal always answers 400 naming the field.
 */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 2999;

export const DATE_MESSAGES = {
  iso: 'Data non valida (AAAA-MM-GG)',
  compact: 'Data non valida (AAAAMMGG)',
  dateTime: 'Data e ora non valide (ISO 8601 con fuso, es. 2026-11-23T08:00:00+01:00)',
  range: `Data fuori dagli anni ammessi (${DATE_MIN_YEAR}–${DATE_MAX_YEAR})`,
} as const;

/** Whether year, month (1-12) and day name a day of the Gregorian calendar. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

export type DateProblem = 'format' | 'range';

/** The problem of a YYYY-MM-DD (or, `compact`, YYYYMMDD) date, or null when it is a day the product accepts. */
export function dateProblem(value: string, compact = false): DateProblem | null {
  const m = (compact ? /^(\d{4})(\d{2})(\d{2})$/ : /^(\d{4})-(\d{2})-(\d{2})$/).exec(value);
  if (!m) return 'format';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!isCalendarDay(y, mo, d)) return 'format';
  return y < DATE_MIN_YEAR || y > DATE_MAX_YEAR ? 'range' : null;
}

function dateSchema(compact: boolean) {
  return z.string().superRefine((v, ctx) => {
    const problem = dateProblem(v, compact);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        message: problem === 'range' ? DATE_MESSAGES.range : compact ? DATE_MESSAGES.compact : DATE_MESSAGES.iso,
        params: { problem },
      });
  });
}

/** A calendar day as YYYY-MM-DD. */
export const isoDate = dateSchema(false).meta({ format: 'date' });
/** A calendar day as YYYYMMDD (the spec's wire format for schedule ranges). */
export const compactDate = dateSchema(true).meta({ pattern: '^\\d{8}$' });

/**
 * An instant: ISO 8601 date and time with an offset (Z or ±hh:mm), on a real day of the accepted years,
 * hours 00-23 (24:00 is refused, as PostgreSQL's output never writes it).
 */
export const isoDateTime = z
  .string()
  .superRefine((v, ctx) => {
    const parsed = z.iso.datetime({ offset: true }).safeParse(v);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: DATE_MESSAGES.dateTime, params: { problem: 'format' } });
      return;
    }
    const problem = dateProblem(v.slice(0, 10));
    const instant = Date.parse(v);
    const year = new Date(instant).getUTCFullYear();
    if (problem || Number.isNaN(instant) || year < DATE_MIN_YEAR || year > DATE_MAX_YEAR)
      ctx.addIssue({
        code: 'custom',
        message: problem === 'format' ? DATE_MESSAGES.dateTime : DATE_MESSAGES.range,
        params: { problem: problem ?? 'range' },
      });
  })
  .meta({ format: 'date-time' });
