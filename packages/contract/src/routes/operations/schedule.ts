import { z } from 'zod';
import {
  rangeParams,
  rangeFilters,
  rangeResponse,
  appointmentsResponse,
  appointmentResponse,
  appointmentRequest,
  appointmentSaveResponse,
  todoRequest,
  reminderRequest,
  appointmentsAdminQuery,
  appointmentsPageResponse,
  rangeQuery,
  mapRequest,
  mapResponse,
  scheduleVersionParams,
  scheduleVersionResponse,
  calendarFeedRequest,
  calendarFeedResponse,
  calendarFeedQuery,
  technicianDayQuery,
  technicianDayResponse,
} from '../../schedule.js';
import { reportResponse } from '../../reports.js';
import { uuidParam, okResponse, defineRoute, NOBODY, USER_OR_API_KEY, USER_ONLY } from '../define.js';

// The route table's `schedule` entries (implemented in apps/server/src/features/operations/schedule/routes.ts).

const read = { key: 'pianificazione_interventi', action: 'read' } as const;
const tags = ['planner'];
const ACCESS =
  'pianificazione_interventi on company data reaches every appointment; on own data only those the caller is a ' +
  "technician of (others answer 404), unless the caller may see colleagues' data (read). Days are YYYYMMDD in the " +
  "company's time zone; instants are ISO, stored UTC.";
const write = { key: 'pianificazione_interventi', action: 'write' } as const;
const WARNINGS =
  'Warnings (spec 5) answer 200 {success:false, avvisi} and save nothing unless conferma is true: ritardo_attivita ' +
  '(an activity occurrence planned beyond its maximum delay), mansione_tecnico (a technician without the job role), ' +
  'sovrapposizione (a technician with an overlapping appointment).';
const remove = { key: 'pianificazione_interventi', action: 'delete' } as const;

export const range = defineRoute({
  id: 'schedule.range',
  method: 'GET',
  path: '/api/v2/schedule/appointments/start/:start/end/:end',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'Appointments overlapping a range of days (at most 366)',
  description:
    `${ACCESS} Optional filters tecnico_id, mansione_id, cliente_id. The answer carries an ETag that changes ` +
    'with any change it shows (appointments, their technicians and machines, names and places of customers, ' +
    "plants, job roles and users, linked reports' state): send it back as If-None-Match to get 304 with no body. " +
    'forma=compatta answers the lean shape (decision 0044): each item with the ids of its customer, plant, job role ' +
    'and technicians, named once in the dictionaries clienti, impianti, mansioni and tecnici; no notes, machines, ' +
    'activity or reminder (GET /schedule/appointment/{id} has them).',
  params: rangeParams,
  query: rangeFilters,
  answer: rangeResponse,
  answerKind: 'json',
  answers: { 304: z.null().describe('Not modified: the If-None-Match validator is current') },
  errors: [400, 401, 403],
});

export const get = defineRoute({
  id: 'schedule.get',
  method: 'GET',
  path: '/api/schedule/appointment/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'One appointment or to-do',
  description: ACCESS,
  params: uuidParam,
  answer: appointmentResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const saveAppointment = defineRoute({
  id: 'schedule.saveAppointment',
  method: 'POST',
  path: '/api/schedule/appointment',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: 'Creates (no id) or updates (id) an appointment; a to-do given dates moves onto the calendar',
  description:
    `${ACCESS} ${WARNINGS} Timed: inizio and fine; all day: data_inizio and data_fine (inclusive). At most 31 ` +
    'days. crea_rapportino makes a NUOVO report in the same transaction (needs gestione_interventi write); ' +
    "attivita_data_id sets the occurrence's planned day. Customer unknown: 404; other references: 400.",
  body: appointmentRequest,
  answer: appointmentSaveResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const removeAppointment = defineRoute({
  id: 'schedule.removeAppointment',
  method: 'DELETE',
  path: '/api/schedule/appointment/remove/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: remove,
  tags: tags,
  summary: 'Deletes an appointment or to-do (its report stays; its activity occurrence is no longer planned)',
  description: ACCESS,
  params: uuidParam,
  answer: okResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const createReport = defineRoute({
  id: 'schedule.createReport',
  method: 'POST',
  path: '/api/schedule/appointment/:id/rapportino',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: [read, { key: 'gestione_interventi', action: 'write' }],
  tags: tags,
  summary: "Creates the appointment's report (NUOVO) from the visit and answers it",
  description:
    `${ACCESS} Who sees the appointment and may write reports (gestione_interventi write; on own data a technician ` +
    "of the appointment). The report takes the appointment's customer, plant, machines, technicians and job role, " +
    'its notes (else its title) as the initial request and its contract (an activity occurrence); the appointment ' +
    "becomes the report's appointment (decision 0040). A to-do needs interventi_da_pianificare read (404 " +
    'otherwise); an appointment that already has a report: 409 CONFLICT.',
  params: uuidParam,
  answer: reportResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});

export const technicianDay = defineRoute({
  id: 'schedule.technicianDay',
  method: 'GET',
  path: '/api/schedule/giornata',
  auth: 'session',
  principals: USER_ONLY,
  permission: read,
  tags: tags,
  summary: "The technician's day: today's visits in time order, then tomorrow's, then open reports without a date",
  description:
    "Days in the company's time zone. A visit is a dated appointment of the technician (one of its technicians, or " +
    'assigned to its report) overlapping today (sezione oggi) or starting tomorrow (domani), in start order; then ' +
    'the open reports (NUOVO, APERTO) assigned to the technician without a dated appointment (senza_data, newest ' +
    "first; only for who may read reports). Each with customer, place, phone, job role and request. The caller's " +
    "own day; tecnico_id names a colleague for who sees everyone's planning (otherwise 403).",
  query: technicianDayQuery,
  answer: technicianDayResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const saveTodo = defineRoute({
  id: 'schedule.saveTodo',
  method: 'POST',
  path: '/api/schedule/appointment/todo',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: 'Creates or updates a to-do (an appointment without dates)',
  description: `${ACCESS} Technicians optional. A dated appointment saved here becomes a to-do.`,
  body: todoRequest,
  answer: appointmentResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const setReminder = defineRoute({
  id: 'schedule.setReminder',
  method: 'POST',
  path: '/api/schedule/appointment/reminder',
  auth: 'session',
  principals: USER_ONLY,
  permission: write,
  tags: tags,
  summary: "Sets the reminder (minutes before the start; null: none) mailed to the appointment's technicians",
  description: `${ACCESS} A new reminder is due again even if one was sent for the same start.`,
  body: reminderRequest,
  answer: appointmentResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const adminList = defineRoute({
  id: 'schedule.adminList',
  method: 'GET',
  path: '/api/schedule/appointments/admin',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'Paged list of appointments and to-dos (todo=true: only to-dos)',
  description: `${ACCESS} q searches title and customer; dal/al are YYYYMMDD.`,
  query: appointmentsAdminQuery,
  answer: appointmentsPageResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const mapAppointments = defineRoute({
  id: 'schedule.mapAppointments',
  method: 'GET',
  path: '/api/v2/schedule/appointments/admin/geolocation',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: "The range's appointments whose place has coordinates (the map)",
  description: `${ACCESS} Kept and revalidated as the range above (ETag, If-None-Match, 304).`,
  query: rangeQuery,
  answer: appointmentsResponse,
  answerKind: 'json',
  answers: { 304: z.null().describe('Not modified: the If-None-Match validator is current') },
  errors: [400, 401, 403],
});

export const mapPositions = defineRoute({
  id: 'schedule.mapPositions',
  method: 'POST',
  path: '/api/tracking/geolocation/mapRequest',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: "The map: a range's appointments with coordinates and the technicians' last positions",
  description:
    `${ACCESS} Ranges: settimana (Monday to Sunday), prossimi_30, mese, mese_prossimo; optional filters ` +
    'tecnico_id, mansione_id, cliente_id as the calendar range. Positions as GET ' +
    '/utenti/geolocation (validity minutes of the option), only with company read of the planning.',
  body: mapRequest,
  answer: mapResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const setVersion = defineRoute({
  id: 'schedule.setVersion',
  method: 'GET',
  path: '/api/imposta-versione-schedule-vecchia/:version/:companyId',
  auth: 'session',
  principals: USER_ONLY,
  permission: { ...write, scope: 'company' },
  tags: tags,
  summary: "Stores the company's planner version preference (1 old, 2 new)",
  description: "companyId must be the caller's company (else 403).",
  params: scheduleVersionParams,
  answer: scheduleVersionResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const createFeed = defineRoute({
  id: 'schedule.createFeed',
  method: 'POST',
  path: '/api/utenti/calendar-feed',
  auth: 'session',
  principals: USER_ONLY,
  permission: read,
  tags: tags,
  summary: "Creates or regenerates the caller's calendar feed address (an admin: a technician's)",
  description:
    'Answers the secret iCalendar address once; only its SHA-256 is kept and the previous address stops working.',
  body: calendarFeedRequest,
  answer: calendarFeedResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const revokeFeed = defineRoute({
  id: 'schedule.revokeFeed',
  method: 'DELETE',
  path: '/api/utenti/calendar-feed',
  auth: 'session',
  principals: USER_ONLY,
  permission: read,
  tags: tags,
  summary: "Revokes the caller's calendar feed (an admin: a technician's, utente_id); the address answers 404",
  description: 'Another user than the caller needs an admin (403); a user of another company answers 404.',
  query: calendarFeedQuery,
  answer: okResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const feedCalendar = defineRoute({
  id: 'schedule.feedCalendar',
  method: 'GET',
  path: '/api/calendar/feed/:file',
  auth: 'public',
  principals: NOBODY,
  tags: tags,
  summary: "A technician's appointments as iCalendar (the secret address; no session)",
  description:
    'Unknown or revoked addresses answer 404, and so does the address of a user who is not active now (disabling a ' +
    'user or taking their technician licence away also deletes it). 60 days back to 365 ahead; times in UTC, ' +
    'X-WR-TIMEZONE.',
  params: z.object({ file: z.string().max(100) }).strict(),
  query: z.object({}).passthrough(),
  answer: z.string(),
  answerKind: 'text',
  errors: [404],
});
