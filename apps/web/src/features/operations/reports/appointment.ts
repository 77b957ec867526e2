import { zonedInstant, wallClock } from '@fs/contract';

/**
 * The appointment of a report is an instant (UTC on the wire) shown and typed as a date and a
 * 24-hour time in the company's time zone (`zone`, useCompanyZone()), whatever the browser's zone.
 */

/** The date (YYYY-MM-DD) and time (HH:MM) of an instant on the company's clock (the contract's time module). */
export function appointmentParts(iso: string | null, zone: string): { date: string; time: string } {
  if (!iso) return { date: '', time: '' };
  const w = wallClock(iso, zone);
  return { date: w.date, time: w.time };
}

/**
 * A date without its time is no appointment yet: the form asks for the time rather than
 * inventing one (a silent 08:00 put technicians on site at an hour nobody chose).
 */
export function appointmentTimeMissing(date: string, time: string): boolean {
  return date !== '' && !/^\d{2}:\d{2}$/.test(time);
}

/** The instant of a date and time on the company's clock (ISO, UTC); null without a date or without a time. */
export function appointmentInstant(date: string, time: string, zone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  return zonedInstant(date, zone, Number(t[1]), Number(t[2])).toISOString();
}
