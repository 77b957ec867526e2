import type { EventInput } from '@fullcalendar/core';
import type { AppointmentRequest, Appointment, AppointmentSummary, ActivityRangeItem } from '@fs/contract';
import { technicianColor } from './palette';
import { addDays, isoDay } from './range';

/** An appointment as a FullCalendar event: coloured by its first technician (the tooltip names them all), all-day ones by their days. */
export function toEvent(a: AppointmentSummary): EventInput | null {
  if (a.da_fare) return null;
  const first = a.tecnici[0];
  const color = technicianColor(first?.colore);
  const base: EventInput = {
    id: a.id,
    title: a.cliente ? `${a.titolo} · ${a.cliente}` : a.titolo,
    backgroundColor: color,
    borderColor: color,
    textColor: '#ffffff',
    extendedProps: { appuntamento: a, ordine: 0 },
  };
  if (a.tutto_il_giorno) {
    if (!a.giorno_inizio || !a.giorno_fine) return null;
    return { ...base, allDay: true, start: isoDay(a.giorno_inizio), end: addDays(isoDay(a.giorno_fine), 1) };
  }
  if (!a.inizio || !a.fine) return null;
  return { ...base, allDay: false, start: a.inizio, end: a.fine };
}

/** The fields an appointment keeps when saved again (moved, resized, technicians changed). */
export function baseRequest(a: Appointment): AppointmentRequest {
  return {
    id: a.id,
    titolo: a.titolo,
    cliente_id: a.cliente_id,
    impianto_id: a.impianto_id,
    macchinari_ids: a.macchinari_ids,
    mansione_id: a.mansione_id,
    note: a.note,
    attivita_data_id: a.attivita_data_id,
    tecnici_ids: a.tecnici.map((t) => t.id),
  };
}

export interface NewTimes {
  allDay: boolean;
  /** The instant of the start (a timed event) or its day's start (all day). */
  start: Date;
  end: Date | null;
  /** FullCalendar's strings in the calendar's zone: YYYY-MM-DD for all-day events. */
  startStr: string;
  endStr: string;
}

const HOUR = 3_600_000;

/**
 * The times part of a request from where an event landed: timed ones as instants (an event without
 * an end lasts `defaultMs`), all-day ones as inclusive days.
 */
export function timesOf(n: NewTimes, defaultMs = HOUR): Partial<AppointmentRequest> {
  if (n.allDay) {
    const first = n.startStr.slice(0, 10);
    const last = n.endStr ? addDays(n.endStr.slice(0, 10), -1) : first;
    return { tutto_il_giorno: true, data_inizio: first, data_fine: last < first ? first : last };
  }
  const end = n.end ?? new Date(n.start.getTime() + defaultMs);
  return { tutto_il_giorno: false, inizio: n.start.toISOString(), fine: end.toISOString() };
}

/** An appointment moved or resized to new times: the whole request the server expects. */
export function moveRequest(a: Appointment, n: NewTimes): AppointmentRequest {
  const duration = a.inizio && a.fine ? Date.parse(a.fine) - Date.parse(a.inizio) : HOUR;
  return { ...baseRequest(a), ...timesOf(n, a.tutto_il_giorno ? HOUR : duration) } as AppointmentRequest;
}

/** What a dragged side-panel item carries (data-event on its element). */
export type DraggedItem = { kind: 'todo'; id: string } | { kind: 'attivita'; id: string };

/** The appointment that plans a contract activity occurrence at a start, with the chosen technicians. */
export function activityRequest(
  item: ActivityRangeItem,
  start: Date,
  tecnici: string[],
  title: string = item.nome,
): AppointmentRequest {
  const end = new Date(start.getTime() + item.durata_minuti * 60_000);
  return {
    titolo: title.slice(0, 200),
    cliente_id: item.cliente_id,
    mansione_id: item.mansione_id,
    attivita_data_id: item.id,
    tecnici_ids: tecnici,
    tutto_il_giorno: false,
    inizio: start.toISOString(),
    fine: end.toISOString(),
  };
}

/** Drag metadata for FullCalendar's Draggable: the duration an item takes on the calendar. */
export function dragDuration(minutes: number): string {
  const m = Math.max(5, Math.min(24 * 60, Math.round(minutes)));
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** A month cell's summary: how many of the day's appointments are left out. */
export interface DaySummary {
  /** YYYYMMDD in the company's zone. */
  day: string;
  hidden: number;
}

/**
 * The month view's share of a range: each day's first `perDay` appointments (by start; all-day and
 * multi-day ones always) and a count of the rest, so a month with thousands of appointments draws a
 * few hundred chips instead of every one (the rest open in the day view).
 */
export function condenseMonth<A extends AppointmentSummary>(
  items: A[],
  perDay: number,
): { shown: A[]; more: DaySummary[] } {
  const byDay = new Map<string, A[]>();
  const shown: A[] = [];
  for (const a of items) {
    if (a.da_fare || !a.giorno_inizio) continue;
    if (a.tutto_il_giorno || a.giorno_inizio !== a.giorno_fine) {
      shown.push(a);
      continue;
    }
    const list = byDay.get(a.giorno_inizio);
    if (list) list.push(a);
    else byDay.set(a.giorno_inizio, [a]);
  }
  const more: DaySummary[] = [];
  for (const [day, list] of byDay) {
    if (list.length > perDay) list.sort((x, y) => (x.inizio ?? '').localeCompare(y.inizio ?? ''));
    shown.push(...list.slice(0, perDay));
    if (list.length > perDay) more.push({ day, hidden: list.length - perDay });
  }
  return { shown, more };
}

/** The month cell's "+N" chip (not editable; a click opens the day). */
export function summaryEvent(s: DaySummary, label: string): EventInput {
  return {
    id: `more-${s.day}`,
    title: label,
    start: isoDay(s.day),
    allDay: true,
    editable: false,
    classNames: ['planner-more'],
    backgroundColor: 'transparent',
    borderColor: 'transparent',
    textColor: 'var(--mantine-color-blue-8)',
    extendedProps: { more: isoDay(s.day), ordine: 1 },
  };
}
