/**
 * The appointment of a report is an instant (UTC on the wire) shown and typed as a date and a
 * 24-hour time in the company's time zone (Europe/Rome), whatever the browser's zone.
 */
export const ZONE = 'Europe/Rome';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function wall(ms: number) {
  const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** The date (YYYY-MM-DD) and time (HH:MM) of an instant on the clock of Rome. */
export function appointmentParts(iso: string | null): { date: string; time: string } {
  if (!iso) return { date: '', time: '' };
  return wall(Date.parse(iso));
}

/**
 * A date without its time is no appointment yet: the form asks for the time rather than
 * inventing one (a silent 08:00 put technicians on site at an hour nobody chose).
 */
export function appointmentTimeMissing(date: string, time: string): boolean {
  return date !== '' && !/^\d{2}:\d{2}$/.test(time);
}

/** The instant of a date and time on the clock of Rome (ISO, UTC); null without a date or without a time. */
export function appointmentInstant(date: string, time: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const asUtc = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  // The zone's offset at that moment, found by reading the guess back on Rome's clock (twice
  // around a daylight-saving change).
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const w = wall(guess);
    const [y, m, dd] = w.date.split('-').map(Number);
    const [hh, mi] = w.time.split(':').map(Number);
    const shown = Date.UTC(y!, m! - 1, dd!, hh!, mi!);
    guess += asUtc - shown;
  }
  return new Date(guess).toISOString();
}
