import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appointmentRequest,
  appointmentResponse,
  appointmentSaveResponse,
  appointmentsAdminQuery,
  appointmentsPageResponse,
  appointmentsResponse,
  calendarFeedQuery,
  calendarFeedRequest,
  calendarFeedResponse,
  mapRequest,
  mapResponse,
  rangeFilters,
  rangeParams,
  rangeQuery,
  reminderRequest,
  scheduleVersionParams,
  scheduleVersionResponse,
  todoRequest,
} from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { bearerAuth, errors, noQuery, okResponse, uuidParam } from '../../../platform/http/schemas.js';
import { createFeed, feedCalendar, revokeFeed } from './feed.js';
import { mapRequest as mapFor } from './map.js';
import { etagMatches, pickEncoding } from './range-cache.js';
import * as service from './service.js';

const read = { key: 'pianificazione_interventi', action: 'read' } as const;
const write = { key: 'pianificazione_interventi', action: 'write' } as const;
const remove = { key: 'pianificazione_interventi', action: 'delete' } as const;
const tags = ['planner'];

const ACCESS =
  'pianificazione_interventi on company data reaches every appointment; on own data only those the caller is a ' +
  "technician of (others answer 404), unless the caller may see colleagues' data (read). Days are YYYYMMDD in the " +
  "company's time zone; instants are ISO, stored UTC.";
const WARNINGS =
  'Warnings (spec 5) answer 200 {success:false, avvisi} and save nothing unless conferma is true: ritardo_attivita ' +
  '(an activity occurrence planned beyond its maximum delay), mansione_tecnico (a technician without the job role), ' +
  'sovrapposizione (a technician with an overlapping appointment).';

/**
 * A kept range answer (service.inRangeAnswer): its ETag, 304 to a current If-None-Match, else the body made by
 * PostgreSQL in the encoding the client takes. Bytes skip the response serializer; the route's schema documents them.
 */
async function sendKept(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: Awaited<ReturnType<typeof service.inRangeAnswer>>,
) {
  reply.header('etag', answer.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
  if (etagMatches(req.headers['if-none-match'], answer.etag)) return reply.code(304).send(undefined as never);
  const encoding = pickEncoding(req.headers['accept-encoding']);
  const body = await answer.body(encoding);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(body as never);
}

export const scheduleRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/v2/schedule/appointments/start/:start/end/:end',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'Appointments overlapping a range of days (at most 366)',
        description:
          `${ACCESS} Optional filters tecnico_id, mansione_id, cliente_id. The answer carries an ETag that changes ` +
          'with any change it shows (appointments, their technicians and machines, names and places of customers, ' +
          "plants, job roles and users, linked reports' state): send it back as If-None-Match to get 304 with no body.",
        security: bearerAuth,
        params: rangeParams,
        querystring: rangeFilters,
        response: {
          200: appointmentsResponse,
          304: z.null().describe('Not modified: the If-None-Match validator is current'),
          ...errors(400, 401, 403),
        },
      },
    },
    async (req, reply) =>
      sendKept(req, reply, await service.inRangeAnswer(contextOf(req), req.params.start, req.params.end, req.query)),
  );

  app.get(
    '/schedule/appointment/:id',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'One appointment or to-do',
        description: ACCESS,
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: appointmentResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, item: await service.get(contextOf(req), req.params.id) }),
  );

  app.post(
    '/schedule/appointment',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: 'Creates (no id) or updates (id) an appointment; a to-do given dates moves onto the calendar',
        description:
          `${ACCESS} ${WARNINGS} Timed: inizio and fine; all day: data_inizio and data_fine (inclusive). At most 31 ` +
          'days. crea_rapportino makes a NUOVO report in the same transaction (needs gestione_interventi write); ' +
          "attivita_data_id sets the occurrence's planned day. Customer unknown: 404; other references: 400.",
        security: bearerAuth,
        querystring: noQuery,
        body: appointmentRequest,
        response: { 200: appointmentSaveResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => service.saveAppointment(contextOf(req), req.body),
  );

  app.delete(
    '/schedule/appointment/remove/:id',
    {
      config: { permission: remove },
      schema: {
        tags,
        summary: 'Deletes an appointment or to-do (its report stays; its activity occurrence is no longer planned)',
        description: ACCESS,
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: okResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await service.remove(contextOf(req), req.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/schedule/appointment/todo',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: 'Creates or updates a to-do (an appointment without dates)',
        description: `${ACCESS} Technicians optional. A dated appointment saved here becomes a to-do.`,
        security: bearerAuth,
        querystring: noQuery,
        body: todoRequest,
        response: { 200: appointmentResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, item: await service.saveTodo(contextOf(req), req.body) }),
  );

  app.post(
    '/schedule/appointment/reminder',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: "Sets the reminder (minutes before the start; null: none) mailed to the appointment's technicians",
        description: `${ACCESS} A new reminder is due again even if one was sent for the same start.`,
        security: bearerAuth,
        querystring: noQuery,
        body: reminderRequest,
        response: { 200: appointmentResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, item: await service.setReminder(contextOf(req), req.body) }),
  );

  app.get(
    '/schedule/appointments/admin',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'Paged list of appointments and to-dos (todo=true: only to-dos)',
        description: `${ACCESS} q searches title and customer; dal/al are YYYYMMDD.`,
        security: bearerAuth,
        querystring: appointmentsAdminQuery,
        response: { 200: appointmentsPageResponse, ...errors(400, 401, 403) },
      },
    },
    async (req) => service.adminList(contextOf(req), req.query),
  );

  app.get(
    '/v2/schedule/appointments/admin/geolocation',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: "The range's appointments whose place has coordinates (the map)",
        description: `${ACCESS} Kept and revalidated as the range above (ETag, If-None-Match, 304).`,
        security: bearerAuth,
        querystring: rangeQuery,
        response: {
          200: appointmentsResponse,
          304: z.null().describe('Not modified: the If-None-Match validator is current'),
          ...errors(400, 401, 403),
        },
      },
    },
    async (req, reply) =>
      sendKept(req, reply, await service.inRangeAnswer(contextOf(req), req.query.start, req.query.end, {}, true)),
  );

  app.post(
    '/tracking/geolocation/mapRequest',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: "The map: a range's appointments with coordinates and the technicians' last positions",
        description:
          `${ACCESS} Ranges: settimana (Monday to Sunday), prossimi_30, mese, mese_prossimo; optional filters ` +
          'tecnico_id, mansione_id, cliente_id as the calendar range. Positions as GET ' +
          '/utenti/geolocation (validity minutes of the option), only with company read of the planning.',
        security: bearerAuth,
        querystring: noQuery,
        body: mapRequest,
        response: { 200: mapResponse, ...errors(400, 401, 403) },
      },
    },
    async (req, reply) =>
      reply.type('application/json; charset=utf-8').send((await mapFor(contextOf(req), req.body)) as never),
  );

  app.get(
    '/imposta-versione-schedule-vecchia/:version/:companyId',
    {
      config: { permission: { ...write, scope: 'company' } },
      schema: {
        tags,
        summary: "Stores the company's planner version preference (1 old, 2 new)",
        description: "companyId must be the caller's company (else 403).",
        security: bearerAuth,
        params: scheduleVersionParams,
        querystring: noQuery,
        response: { 200: scheduleVersionResponse, ...errors(400, 401, 403) },
      },
    },
    async (req) => service.setVersion(contextOf(req), req.params.version, req.params.companyId),
  );

  app.post(
    '/utenti/calendar-feed',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: "Creates or regenerates the caller's calendar feed address (an admin: a technician's)",
        description:
          'Answers the secret iCalendar address once; only its SHA-256 is kept and the previous address stops working.',
        security: bearerAuth,
        querystring: noQuery,
        body: calendarFeedRequest,
        response: { 200: calendarFeedResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, ...(await createFeed(contextOf(req), req.body.utente_id)) }),
  );

  app.delete(
    '/utenti/calendar-feed',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: "Revokes the caller's calendar feed (an admin: a technician's, utente_id); the address answers 404",
        description: 'Another user than the caller needs an admin (403); a user of another company answers 404.',
        security: bearerAuth,
        querystring: calendarFeedQuery,
        response: { 200: okResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await revokeFeed(contextOf(req), req.query.utente_id);
      return { success: true as const };
    },
  );

  app.get(
    '/calendar/feed/:file',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "A technician's appointments as iCalendar (the secret address; no session)",
        description:
          'Unknown or revoked addresses answer 404, and so does the address of a user who is not active now (disabling a ' +
          'user or taking their technician licence away also deletes it). 60 days back to 365 ahead; times in UTC, ' +
          'X-WR-TIMEZONE.',
        params: z.object({ file: z.string().max(100) }).strict(),
        querystring: z.object({}).passthrough(),
        response: { 200: z.string(), ...errors(404) },
      },
    },
    async (req, reply) => {
      const token = req.params.file.replace(/\.ics$/, '');
      const body = await feedCalendar(deps, token);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(body);
    },
  );
};
