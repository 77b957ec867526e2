/**
 * The company's time zone without a time-zone library, from Intl: wall clocks and offsets (the
 * calendar's named-zone plugin, zone-plugin.ts, answers FullCalendar with these), days and times.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of an instant in a zone: [year, month (0-11), day, hour, minute, second, ms]. */
export function wallArray(ms: number, timeZone: string): number[] {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  const millis = ((ms % 1000) + 1000) % 1000;
  return [p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!, millis];
}

/** The zone's offset from UTC, in minutes (Rome: 60 in winter, 120 in summer), at an instant. */
export function offsetAt(ms: number, timeZone: string): number {
  const a = wallArray(ms, timeZone);
  const asUtc = Date.UTC(a[0]!, a[1]!, a[2]!, a[3]!, a[4]!, a[5]!, a[6]!);
  return Math.round((asUtc - ms) / 60_000);
}

/** The offset (minutes) that applies to a wall-clock array in a zone (the later one in the autumn's repeated hour). */
export function offsetForWall(a: number[], timeZone: string): number {
  const asUtc = Date.UTC(a[0]!, a[1] ?? 0, a[2] ?? 1, a[3] ?? 0, a[4] ?? 0, a[5] ?? 0, a[6] ?? 0);
  const first = offsetAt(asUtc, timeZone);
  const second = offsetAt(asUtc - first * 60_000, timeZone);
  return first === second ? first : offsetAt(asUtc - second * 60_000, timeZone);
}

/** An instant's day (YYYY-MM-DD) in a zone. */
export function dayIn(ms: number, timeZone: string): string {
  const a = wallArray(ms, timeZone);
  return `${a[0]}-${String(a[1]! + 1).padStart(2, '0')}-${String(a[2]).padStart(2, '0')}`;
}

/** The date (YYYY-MM-DD) and time (HH:MM) of an instant on a zone's clock ('' for none). */
export function partsIn(iso: string | null | undefined, timeZone: string): { date: string; time: string } {
  if (!iso) return { date: '', time: '' };
  const a = wallArray(Date.parse(iso), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: `${a[0]}-${pad(a[1]! + 1)}-${pad(a[2]!)}`, time: `${pad(a[3]!)}:${pad(a[4]!)}` };
}

/** The instant (ISO, UTC) of a date and time on a zone's clock; null without a valid date and time. */
export function instantIn(date: string, time: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const a = [Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), 0, 0];
  const asUtc = Date.UTC(a[0]!, a[1]!, a[2]!, a[3]!, a[4]!);
  return new Date(asUtc - offsetForWall(a, timeZone) * 60_000).toISOString();
}
