import { MAP_RANGES, type Appointment, type AppointmentSummary, type TechnicianPosition } from '@fs/contract';
import { formatDate, formatDateTime } from '../../../../app/format';

export type MapRange = (typeof MAP_RANGES)[number];

/** Where the last chosen range is kept for the tab (the map reopens on it). */
export const RANGE_STORAGE_KEY = 'planner-map-range';

/** The range to open on: the one kept for the tab when it is still a map range, else this week. */
export function initialRange(stored: string | null | undefined): MapRange {
  return MAP_RANGES.find((r) => r === stored) ?? 'settimana';
}

/** "20261125" → "25/11/2026" (the wire's schedule day). */
export function scheduleDayLabel(day: string): string {
  return /^\d{8}$/.test(day) ? `${day.slice(6, 8)}/${day.slice(4, 6)}/${day.slice(0, 4)}` : day;
}

/**
 * The positions still valid at `now`: recorded within the geolocation option's validity minutes
 * (the server filters when it answers; a map left open keeps filtering between refreshes), and
 * none when the option is off. Newest first.
 */
export function validPositions(
  positions: { enabled: boolean; validityMinutes: number; items: TechnicianPosition[] } | undefined,
  now: number,
): TechnicianPosition[] {
  if (!positions?.enabled || positions.validityMinutes <= 0) return [];
  const oldest = now - positions.validityMinutes * 60_000;
  return positions.items
    .filter((p) => {
      const at = Date.parse(p.recordedAt);
      return Number.isFinite(at) && at >= oldest && at <= now + 60_000;
    })
    .sort((a, b) => Date.parse(b.recordedAt) - Date.parse(a.recordedAt));
}

/** Appointments of the range (to-dos aside) whose customer has no coordinates. */
export function countWithoutPosition(items: AppointmentSummary[]): number {
  return items.filter((a) => !a.da_fare && (a.luogo.latitude === null || a.luogo.longitude === null)).length;
}

export interface Place {
  key: string;
  lat: number;
  lng: number;
  /** Its appointments, earliest first. */
  items: Appointment[];
}

/** Appointments gathered by place (same coordinates: one marker listing them all). */
export function placesOf(items: Appointment[]): Place[] {
  const byKey = new Map<string, Place>();
  for (const a of items) {
    const { latitude: lat, longitude: lng } = a.luogo;
    if (lat === null || lng === null) continue;
    const key = `${lat.toFixed(5)},${lng.toFixed(5)}`;
    const place = byKey.get(key) ?? { key, lat, lng, items: [] };
    place.items.push(a);
    byKey.set(key, place);
  }
  const start = (a: Appointment) => a.inizio ?? '';
  for (const p of byKey.values()) p.items.sort((a, b) => start(a).localeCompare(start(b)));
  return [...byKey.values()];
}

/** The appointment's time in the company's zone: "25/11/2026 09:00 – 11:00", or its days when all day. */
export function appointmentWhen(a: Appointment, timeZone: string, allDay: string): string {
  if (a.tutto_il_giorno || !a.inizio) {
    const first = a.giorno_inizio ? scheduleDayLabel(a.giorno_inizio) : '';
    const last = a.giorno_fine && a.giorno_fine !== a.giorno_inizio ? ` – ${scheduleDayLabel(a.giorno_fine)}` : '';
    return `${first}${last} (${allDay})`;
  }
  const start = formatDateTime(a.inizio, timeZone) ?? '';
  const end = formatDateTime(a.fine, timeZone);
  if (!end) return start;
  const sameDay = formatDate(a.inizio, timeZone) === formatDate(a.fine, timeZone);
  return `${start} – ${sameDay ? end.slice(11) : end}`;
}

/** Technicians' colours: the calendar's palette, so a technician has one colour in every view. */
export { technicianColor } from '../office/palette';

/** Initials for a technician's badge: "Mario Rossi" → "MR", else the username's first two letters. */
export function initials(p: Pick<TechnicianPosition, 'name' | 'surname' | 'username'>): string {
  const first = (p.name ?? '').trim()[0] ?? '';
  const last = (p.surname ?? '').trim()[0] ?? '';
  return (first + last || p.username.slice(0, 2)).toUpperCase();
}

/** The technicians of the shown appointments, once each, by name (the legend). */
export function legendTechnicians(items: Appointment[]): { id: string; nome: string; colore: number }[] {
  const byId = new Map<string, { id: string; nome: string; colore: number }>();
  for (const a of items) for (const t of a.tecnici) byId.set(t.id, t);
  return [...byId.values()].sort((a, b) => a.nome.localeCompare(b.nome, 'it'));
}

/** Italy as a whole (the view when there is nothing to show). */
export const ITALY_BOUNDS: [[number, number], [number, number]] = [
  [36.6, 6.6],
  [47.1, 18.5],
];

/** The box holding every point (null for none), widened a little when it is a single point. */
export function boundsOf(points: { lat: number; lng: number }[]): [[number, number], [number, number]] | null {
  if (!points.length) return null;
  let s = 90;
  let w = 180;
  let n = -90;
  let e = -180;
  for (const p of points) {
    s = Math.min(s, p.lat);
    n = Math.max(n, p.lat);
    w = Math.min(w, p.lng);
    e = Math.max(e, p.lng);
  }
  const pad = 0.05;
  return [
    [s - (n - s < pad ? pad : 0), w - (e - w < pad ? pad : 0)],
    [n + (n - s < pad ? pad : 0), e + (e - w < pad ? pad : 0)],
  ];
}
