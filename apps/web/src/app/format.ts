import { DEFAULT_TIME_ZONE, formatDate as formatDateIn, formatDateTime as formatDateTimeIn } from '@fs/contract';

/** The browser's own zone (what a date without a given zone was always read in). */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A wire date or timestamp as DD/MM/YYYY (the contract's formatting, decision 0038): a day as
 * written, an instant in `timeZone` (the company's when the caller has it, else the browser's).
 */
export function formatDate(value: string | null | undefined, timeZone?: string): string | null {
  return formatDateIn(value, timeZone ?? browserZone());
}

/** A wire timestamp as DD/MM/YYYY HH:mm (24 hours) in `timeZone`, whatever the browser's locale. */
export function formatDateTime(value: string | null | undefined, timeZone = DEFAULT_TIME_ZONE): string | null {
  return formatDateTimeIn(value, timeZone);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Calendar days from today until `value` (0 on the day itself, negative once past). */
export function daysUntil(value: string | null | undefined, now: Date = new Date()): number | null {
  if (!value) return null;
  const match = DATE_ONLY.exec(value.slice(0, 10));
  if (!match) return null;
  const target = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((target - today) / 86_400_000);
}
