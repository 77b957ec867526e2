import type { AppointmentRequest, Appointment, TodoRequest } from '@fs/contract';
import { addDays, isoDay } from './range';
import { instantIn, partsIn } from './zone';

/** The create/edit form's state: days and times on the company's clock. */
export interface Draft {
  id?: string;
  titolo: string;
  cliente: { id: string; nome: string } | null;
  impianto_id: string | null;
  macchinari_ids: string[];
  tecnici_ids: string[];
  mansione_id: string | null;
  note: string;
  allDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  crea_rapportino: boolean;
  /** Reminder minutes before the start ('' none). */
  promemoria: string;
  attivita_data_id: string | null;
  rapportino_id: string | null;
  /** A to-do (no dates). */
  todo: boolean;
}

export function emptyDraft(): Draft {
  return {
    titolo: '',
    cliente: null,
    impianto_id: null,
    macchinari_ids: [],
    tecnici_ids: [],
    mansione_id: null,
    note: '',
    allDay: false,
    startDate: '',
    startTime: '',
    endDate: '',
    endTime: '',
    crea_rapportino: false,
    promemoria: '',
    attivita_data_id: null,
    rapportino_id: null,
    todo: false,
  };
}

/** A new appointment for a selected slot (FullCalendar's strings in the company's zone; all-day end exclusive). */
export function draftForSlot(
  slot: { startStr: string; endStr: string; allDay: boolean },
  timeZone: string,
  tecnici: string[] = [],
): Draft {
  const d = { ...emptyDraft(), tecnici_ids: tecnici };
  if (slot.allDay) {
    const first = slot.startStr.slice(0, 10);
    const last = slot.endStr ? addDays(slot.endStr.slice(0, 10), -1) : first;
    return { ...d, allDay: true, startDate: first, endDate: last < first ? first : last };
  }
  const s = partsIn(new Date(slot.startStr).toISOString(), timeZone);
  const e = partsIn(new Date(slot.endStr || slot.startStr).toISOString(), timeZone);
  return { ...d, startDate: s.date, startTime: s.time, endDate: e.date, endTime: e.time };
}

/** An appointment (or to-do) as the form shows it. */
export function draftOf(a: Appointment, timeZone: string): Draft {
  const s = partsIn(a.inizio, timeZone);
  const e = partsIn(a.fine, timeZone);
  return {
    id: a.id,
    titolo: a.titolo,
    cliente: { id: a.cliente_id, nome: a.cliente },
    impianto_id: a.impianto_id,
    macchinari_ids: a.macchinari_ids,
    tecnici_ids: a.tecnici.map((t) => t.id),
    mansione_id: a.mansione_id,
    note: a.note ?? '',
    allDay: a.tutto_il_giorno,
    startDate: a.tutto_il_giorno && a.giorno_inizio ? isoDay(a.giorno_inizio) : s.date,
    startTime: s.time,
    endDate: a.tutto_il_giorno && a.giorno_fine ? isoDay(a.giorno_fine) : e.date,
    endTime: e.time,
    crea_rapportino: false,
    promemoria: a.promemoria_minuti === null ? '' : String(a.promemoria_minuti),
    attivita_data_id: a.attivita_data_id,
    rapportino_id: a.rapportino_id,
    todo: a.da_fare,
  };
}

/** What is wrong with a draft, by field (keys of the planner.form messages); empty when it may be sent. */
export function draftProblems(d: Draft, timeZone: string, asTodo = false): Partial<Record<keyof Draft, string>> {
  const p: Partial<Record<keyof Draft, string>> = {};
  if (!d.titolo.trim()) p.titolo = 'required';
  if (!d.cliente) p.cliente = 'required';
  if (asTodo) return p;
  if (d.tecnici_ids.length === 0) p.tecnici_ids = 'oneTechnician';
  if (!d.startDate) p.startDate = 'required';
  if (!d.endDate) p.endDate = 'required';
  if (d.allDay) {
    if (d.startDate && d.endDate && d.endDate < d.startDate) p.endDate = 'endBeforeStart';
    return p;
  }
  if (!d.startTime) p.startTime = 'required';
  if (!d.endTime) p.endTime = 'required';
  const s = instantIn(d.startDate, d.startTime, timeZone);
  const e = instantIn(d.endDate, d.endTime, timeZone);
  if (s && e && Date.parse(e) <= Date.parse(s)) p.endTime = 'endBeforeStart';
  return p;
}

function common(d: Draft) {
  return {
    ...(d.id ? { id: d.id } : {}),
    titolo: d.titolo.trim(),
    cliente_id: d.cliente!.id,
    impianto_id: d.impianto_id,
    macchinari_ids: d.macchinari_ids,
    mansione_id: d.mansione_id,
    note: d.note.trim() || null,
    attivita_data_id: d.attivita_data_id,
  };
}

/** The POST /schedule/appointment body of a checked draft. */
export function requestOf(d: Draft, timeZone: string): AppointmentRequest {
  const times = d.allDay
    ? { tutto_il_giorno: true, data_inizio: d.startDate, data_fine: d.endDate }
    : {
        tutto_il_giorno: false,
        inizio: instantIn(d.startDate, d.startTime, timeZone)!,
        fine: instantIn(d.endDate, d.endTime, timeZone)!,
      };
  return {
    ...common(d),
    tecnici_ids: d.tecnici_ids,
    ...times,
    ...(d.id ? {} : { crea_rapportino: d.crea_rapportino }),
    promemoria_minuti: d.promemoria === '' ? null : Number(d.promemoria),
  };
}

/** The POST /schedule/appointment/todo body of a draft (no dates). */
export function todoOf(d: Draft): TodoRequest {
  return { ...common(d), tecnici_ids: d.tecnici_ids };
}
