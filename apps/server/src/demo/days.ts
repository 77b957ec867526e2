/** Calendar days and Rome wall-clock instants for the demo seed, whatever the server's own time zone. */

/** `date` (YYYY-MM-DD) at `time` (HH:MM) in Europe/Rome, as an ISO instant with the right offset (CET or CEST). */
export function romeInstant(date: string, time: string): string {
  const guess = new Date(`${date}T${time}:00Z`);
  const offset =
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Rome', timeZoneName: 'longOffset' })
      .formatToParts(guess)
      .find((p) => p.type === 'timeZoneName')
      ?.value.replace('GMT', '') || '+00:00';
  return new Date(`${date}T${time}:00${offset}`).toISOString();
}

/** A calendar day (YYYY-MM-DD) moved by `n` days. */
export function shiftDay(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
