import { z } from 'zod';
import { compactDate, isoDate, isoDateTime } from './dates.js';
import { listTotalShape, LIST_MAX_SIZE } from './lists.js';
import { technicianPositionSchema } from './geolocation.js';

/**
 * The planner (spec operations 2 /intervention-planning, 3 "Appointment", 5 warnings, 7 "Schedule"):
 * appointments with one or more technicians, to-dos (appointments without dates), reminders and
 * the technicians' calendar feeds. Times travel as ISO instants (stored UTC); days as the spec's
 * YYYYMMDD, counted in the company's time zone.
 */

export const SCHEDULE_MAX = {
  titolo: 200,
  note: 4000,
  tecnici: 20,
  macchinari: 100,
  /** Longest appointment (the range query reads starts back this far). */
  durataGiorni: 31,
  /** Widest range of the calendar calls. */
  rangeGiorni: 366,
  /** Reminder at most a week ahead. */
  promemoriaMinuti: 10_080,
} as const;

/** Length of the appointment a report's date-time creates (decision 0040); a moved one keeps its own. */
export const REPORT_APPOINTMENT_MINUTES = 60;

/** A schedule day, YYYYMMDD (the spec's wire format for schedule ranges). */
export const scheduleDay = compactDate;
const isoDay = isoDate;
const text = (max: number) => z.string().trim().max(max).nullable().optional();
const ids = (max: number) => z.array(z.uuid()).max(max).default([]);

/** Fields an appointment and a to-do share. */
const common = {
  id: z.uuid().optional(),
  titolo: z.string().trim().min(1, 'Obbligatorio').max(SCHEDULE_MAX.titolo),
  cliente_id: z.uuid(),
  impianto_id: z.uuid().nullable().optional(),
  macchinari_ids: ids(SCHEDULE_MAX.macchinari),
  mansione_id: z.uuid().nullable().optional(),
  note: text(SCHEDULE_MAX.note),
  /** The contract activity occurrence (attivita_date) the appointment fulfils. */
  attivita_data_id: z.uuid().nullable().optional(),
  /** Links an existing report (null unlinks). */
  rapportino_id: z.uuid().nullable().optional(),
};

/**
 * POST /schedule/appointment: creates (no id) or updates (id) an appointment; a to-do given dates
 * moves onto the calendar. Timed: `inizio` and `fine` (ISO with offset). All day (`tutto_il_giorno`):
 * `data_inizio` and `data_fine` (YYYY-MM-DD, inclusive, in the company's zone). Warnings answer
 * success false with `avvisi` and save nothing, unless `conferma` is true.
 */
export const appointmentRequest = z
  .object({
    ...common,
    tecnici_ids: z.array(z.uuid()).min(1, 'Almeno un tecnico').max(SCHEDULE_MAX.tecnici),
    tutto_il_giorno: z.boolean().default(false),
    inizio: isoDateTime.optional(),
    fine: isoDateTime.optional(),
    data_inizio: isoDay.optional(),
    data_fine: isoDay.optional(),
    /** Creates a NUOVO report with the appointment (data_appuntamento = start). */
    crea_rapportino: z.boolean().default(false),
    promemoria_minuti: z.number().int().min(0).max(SCHEDULE_MAX.promemoriaMinuti).nullable().optional(),
    /** Saves despite the warnings. */
    conferma: z.boolean().default(false),
  })
  .strict();
export type AppointmentRequest = z.input<typeof appointmentRequest>;

/** POST /schedule/appointment/todo: a to-do (an appointment without dates); technicians optional. */
export const todoRequest = z.object({ ...common, tecnici_ids: ids(SCHEDULE_MAX.tecnici) }).strict();
export type TodoRequest = z.input<typeof todoRequest>;

/** POST /schedule/appointment/reminder: the reminder minutes before the start (null: none). */
export const reminderRequest = z
  .object({
    id: z.uuid(),
    minuti_prima: z.number().int().min(0).max(SCHEDULE_MAX.promemoriaMinuti).nullable(),
  })
  .strict();

export const SCHEDULE_WARNINGS = ['ritardo_attivita', 'mansione_tecnico', 'sovrapposizione'] as const;
export type ScheduleWarningCode = (typeof SCHEDULE_WARNINGS)[number];

/** A confirmable warning (spec 5): moving an activity too late, a job role not held, two appointments at once. */
export const scheduleWarningSchema = z.object({
  codice: z.enum(SCHEDULE_WARNINGS),
  message: z.string(),
  tecnico_id: z.string().optional(),
  mansione_id: z.string().optional(),
  appuntamento_id: z.string().optional(),
  attivita_data_id: z.string().optional(),
  data: z.string().optional(),
  data_pianificata: z.string().optional(),
  ritardo_giorni: z.number().optional(),
  ritardo_massimo_giorni: z.number().optional(),
});
export type ScheduleWarning = z.infer<typeof scheduleWarningSchema>;

export const appointmentTechnicianSchema = z.object({
  id: z.string(),
  nome: z.string(),
  /** Index of the technician's colour (0..11), stable by the technicians' order. */
  colore: z.number().int(),
});

export const placeSchema = z.object({
  indirizzo: z.string().nullable(),
  citta: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

export const appointmentSchema = z.object({
  id: z.string(),
  titolo: z.string(),
  note: z.string().nullable(),
  cliente_id: z.string(),
  cliente: z.string(),
  impianto_id: z.string().nullable(),
  impianto: z.string().nullable(),
  macchinari_ids: z.array(z.string()),
  tecnici: z.array(appointmentTechnicianSchema),
  mansione_id: z.string().nullable(),
  mansione: z.string().nullable(),
  /** ISO instants (UTC); null for a to-do. */
  inizio: z.string().nullable(),
  fine: z.string().nullable(),
  tutto_il_giorno: z.boolean(),
  /** First and last day (YYYYMMDD) in the company's zone; null for a to-do. */
  giorno_inizio: z.string().nullable(),
  giorno_fine: z.string().nullable(),
  da_fare: z.boolean(),
  luogo: placeSchema,
  rapportino_id: z.string().nullable(),
  stato_rapportino: z.enum(['NUOVO', 'APERTO', 'CHIUSO']).nullable(),
  numero_assistenza: z.string().nullable(),
  attivita_data_id: z.string().nullable(),
  promemoria_minuti: z.number().nullable(),
  promemoria_inviato_at: z.string().nullable(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentsResponse = z.object({
  success: z.literal(true),
  timezone: z.string(),
  items: z.array(appointmentSchema),
});
export const appointmentResponse = z.object({ success: z.literal(true), item: appointmentSchema });
export const appointmentWarningsResponse = z.object({
  success: z.literal(false),
  avvisi: z.array(scheduleWarningSchema),
});
export const appointmentSaveResponse = z.union([appointmentResponse, appointmentWarningsResponse]);
export type AppointmentSaveResponse = z.infer<typeof appointmentSaveResponse>;

/**
 * The range's lean answer (`forma=compatta`, decision 0044): what a calendar draws of each appointment, as
 * a tuple (no keys), its customer, plant, job role and technicians as places in the answer's dictionaries
 * (each named once, with its id); instants as epoch milliseconds. The details (notes, machines, activity,
 * reminder) are read by id when an appointment is opened. expandCompactRange (schedule-compact.ts) makes
 * the calendar's appointments of it.
 */
export const compactAppointmentSchema = z.tuple([
  /** 0 id */ z.string(),
  /** 1 titolo */ z.string(),
  /** 2 the customer's place in `clienti` */ z.number().int(),
  /** 3 the plant's place in `impianti` */ z.number().int().nullable(),
  /** 4 the job role's place in `mansioni` */ z.number().int().nullable(),
  /** 5 the technicians' places in `tecnici` (in the full answer's order) */ z.array(z.number().int()),
  /** 6 inizio, epoch ms (null: a to-do) */ z.number().nullable(),
  /** 7 fine, epoch ms */ z.number().nullable(),
  /** 8 tutto_il_giorno */ z.boolean(),
  /** 9 giorno_inizio YYYYMMDD */ z.string().nullable(),
  /** 10 giorno_fine YYYYMMDD */ z.string().nullable(),
  /** 11 da_fare */ z.boolean(),
  /** 12 rapportino_id */ z.string().nullable(),
  /** 13 stato_rapportino */ z.enum(['NUOVO', 'APERTO', 'CHIUSO']).nullable(),
  /** 14 numero_assistenza */ z.string().nullable(),
]);
export type CompactAppointment = z.infer<typeof compactAppointmentSchema>;

export const compactRangeResponse = z.object({
  success: z.literal(true),
  timezone: z.string(),
  forma: z.literal('compatta'),
  items: z.array(compactAppointmentSchema),
  /** The items' customers: [id, ragione_sociale, indirizzo, citta, latitude, longitude] (coordinates are the customer's). */
  clienti: z.array(
    z.tuple([
      z.string(),
      z.string(),
      z.string().nullable(),
      z.string().nullable(),
      z.number().nullable(),
      z.number().nullable(),
    ]),
  ),
  /** The items' plants: [id, nome, indirizzo, citta] (an appointment's place is its plant's address when it has one). */
  impianti: z.array(z.tuple([z.string(), z.string(), z.string().nullable(), z.string().nullable()])),
  /** The items' technicians: [id, nome, colore]. */
  tecnici: z.array(z.tuple([z.string(), z.string(), z.number().int()])),
  /** The items' job roles: [id, nome]. */
  mansioni: z.array(z.tuple([z.string(), z.string()])),
});
export type CompactRange = z.infer<typeof compactRangeResponse>;

/** The range's answer: the full items, or the lean shape when asked for with `forma=compatta`. */
export const rangeResponse = z.union([appointmentsResponse, compactRangeResponse]);

/** An appointment as a calendar shows it: the lean item with its names and place (compact-range.ts joins them). */
export type AppointmentSummary = Pick<
  Appointment,
  | 'id'
  | 'titolo'
  | 'cliente_id'
  | 'cliente'
  | 'impianto_id'
  | 'impianto'
  | 'tecnici'
  | 'mansione_id'
  | 'mansione'
  | 'inizio'
  | 'fine'
  | 'tutto_il_giorno'
  | 'giorno_inizio'
  | 'giorno_fine'
  | 'da_fare'
  | 'luogo'
  | 'rapportino_id'
  | 'stato_rapportino'
  | 'numero_assistenza'
>;

export const rangeParams = z.object({ start: scheduleDay, end: scheduleDay }).strict();
export const rangeFilters = z
  .object({
    tecnico_id: z.uuid().optional(),
    mansione_id: z.uuid().optional(),
    cliente_id: z.uuid().optional(),
    /** `compatta`: the lean answer (compactRangeResponse); without it, the full items. */
    forma: z.enum(['compatta']).optional(),
  })
  .strict();
export const rangeQuery = z.object({ start: scheduleDay, end: scheduleDay }).strict();

/** GET /schedule/appointments/admin: a paged list (dal/al YYYYMMDD; todo true: only to-dos, false: only dated). */
export const appointmentsAdminQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    size: z.coerce.number().int().min(1).max(LIST_MAX_SIZE).default(25),
    q: z.string().trim().max(100).optional(),
    tecnico_id: z.uuid().optional(),
    dal: scheduleDay.optional(),
    al: scheduleDay.optional(),
    todo: z.enum(['true', 'false']).optional(),
  })
  .strict();
export type AppointmentsAdminQuery = z.output<typeof appointmentsAdminQuery>;
export const appointmentsPageResponse = z.object({
  success: z.literal(true),
  timezone: z.string(),
  items: z.array(appointmentSchema),
  ...listTotalShape,
});

export const MAP_RANGES = ['settimana', 'prossimi_30', 'mese', 'mese_prossimo'] as const;
/** POST /tracking/geolocation/mapRequest: a range, and the calendar's filters (technician, job role, customer). */
export const mapRequest = z
  .object({
    range: z.enum(MAP_RANGES),
    tecnico_id: z.uuid().nullish(),
    mansione_id: z.uuid().nullish(),
    cliente_id: z.uuid().nullish(),
  })
  .strict();
export type MapRequest = z.input<typeof mapRequest>;
export const mapResponse = z.object({
  success: z.literal(true),
  timezone: z.string(),
  start: z.string(),
  end: z.string(),
  items: z.array(appointmentSchema),
  posizioni: z.object({
    enabled: z.boolean(),
    validityMinutes: z.number(),
    items: z.array(technicianPositionSchema),
  }),
});

export const scheduleVersionParams = z.object({ version: z.enum(['1', '2']), companyId: z.uuid() }).strict();
export const scheduleVersionResponse = z.object({ success: z.literal(true), versione: z.number().int() });

/** POST /utenti/calendar-feed (own feed; an admin names a technician); DELETE the same with a query. */
export const calendarFeedRequest = z.object({ utente_id: z.uuid().optional() }).strict();
export const calendarFeedQuery = z.object({ utente_id: z.uuid().optional() }).strict();
export const calendarFeedResponse = z.object({
  success: z.literal(true),
  /** The secret address; shown once (only its hash is kept). */
  url: z.string(),
});

/**
 * GET /schedule/giornata: the technician's day (issue 24). The visits of today in time order in the company's
 * zone, then tomorrow's, then the open reports without a date; the caller's own, or a colleague's (tecnico_id)
 * for who sees everyone's planning.
 */
export const technicianDayQuery = z.object({ tecnico_id: z.uuid().optional() }).strict();
export const DAY_SECTIONS = ['oggi', 'domani', 'senza_data'] as const;
export type DaySection = (typeof DAY_SECTIONS)[number];
export const dayVisitSchema = z.object({
  sezione: z.enum(DAY_SECTIONS),
  /** The planner's appointment (null: an open report without one). */
  appuntamento_id: z.string().nullable(),
  titolo: z.string().nullable(),
  /** ISO instants; null in senza_data. */
  inizio: z.string().nullable(),
  fine: z.string().nullable(),
  tutto_il_giorno: z.boolean(),
  /** The visit's report (null: none yet; rapportino_creabile says whether the caller may make it). */
  rapportino_id: z.string().nullable(),
  numero_assistenza: z.string().nullable(),
  stato_rapportino: z.enum(['NUOVO', 'APERTO', 'CHIUSO']).nullable(),
  rapportino_creabile: z.boolean(),
  cliente_id: z.string(),
  cliente: z.string(),
  /** The place: the plant's address when it has one, else the customer's (with the customer's coordinates). */
  luogo: placeSchema.extend({ provincia: z.string().nullable(), cap: z.string().nullable() }),
  impianto: z.string().nullable(),
  /** The customer's phone, else its mobile. */
  telefono: z.string().nullable(),
  mansione: z.string().nullable(),
  /** The report's initial request, else the appointment's notes. */
  richiesta: z.string().nullable(),
  note: z.string().nullable(),
});
export type DayVisit = z.infer<typeof dayVisitSchema>;
export const technicianDayResponse = z.object({
  success: z.literal(true),
  timezone: z.string(),
  /** YYYY-MM-DD in the company's zone. */
  oggi: z.string(),
  domani: z.string(),
  items: z.array(dayVisitSchema),
});
