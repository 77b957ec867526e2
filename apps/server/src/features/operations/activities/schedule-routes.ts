import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attivitaRangeQuery,
  attivitaRangeResponse,
  attivitaReportInput,
  attivitaReportResponse,
  attivitaUpdateInput,
  attivitaUpdateResponse,
  compactDate,
} from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { bearerAuth, errors, noQuery } from '../../../platform/http/schemas.js';
import * as schedule from './schedule.js';

const tags = ['contract activities'];

const PLANNER =
  'Allowed to who reads (moving: writes) contracts or the planning (pianificazione_interventi); else 403.';

/** Contract activities in the planner (spec 7 "Schedule"). */
export const activityScheduleRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  app.get(
    '/attivita/attivita/start/:start/end/:end',
    {
      schema: {
        tags,
        summary: 'The occurrences of contract activities planned (or due) in a range, and the overdue ones',
        description:
          "Over the company's running contracts: occurrences whose planned day (else due day) is in [start, end] " +
          '(YYYYMMDD; end not before start; at most 366 days, else 400), with activity, contract, customer, plant, ' +
          'job role and duration, by day then id, paged: limit (default 500, at most 2000) occurrences after cursor ' +
          "(the previous page's next; null on the last page). scadute (first page only, else empty): undone " +
          `occurrences whose day is before the range start and before today, oldest first, at most 200. ${PLANNER}`,
        security: bearerAuth,
        params: z.object({ start: compactDate, end: compactDate }).strict(),
        querystring: attivitaRangeQuery,
        response: { 200: attivitaRangeResponse, ...errors(400, 401, 403) },
      },
    },
    async (req, reply) => {
      // The body is made by PostgreSQL (schedule.rangeBody); a string skips the response serializer and
      // the schema above documents it.
      const body = await schedule.rangeBody(contextOf(req), req.params.start, req.params.end, req.query);
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.post(
    '/attivita/attivita/update',
    {
      schema: {
        tags,
        summary: 'Moves an occurrence to another day (its planned day)',
        description:
          "Later than its due day by more than the maximum delay (the activity's rule, else the contract's), or " +
          'earlier by more than the maximum advance, answers 200 success false with avviso (ritardo or anticipo), ' +
          'message, giorni and massimo: send again with conferma true to move it anyway. Moving it to its due day ' +
          `clears the planned day. A done occurrence or a ceased contract answers 409; unknown 404. ${PLANNER}`,
        security: bearerAuth,
        querystring: noQuery,
        body: attivitaUpdateInput,
        response: { 200: attivitaUpdateResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => schedule.move(contextOf(req), req.body),
  );

  app.post(
    '/attivita/attivita',
    {
      config: { permission: { key: 'gestione_interventi', action: 'write' } },
      schema: {
        tags,
        summary: 'Makes a work report (NUOVO) from an occurrence, once',
        description:
          "The report takes the contract's customer, the contract, the activity's plant, machines, job role and " +
          "checks, the given technicians and appointment; it is saved by the reports' own rules (400 as there). " +
          'Closing that report marks the occurrence done. A second call for the same occurrence answers 409 naming ' +
          'the report already made; a done occurrence or a ceased contract 409; unknown 404.',
        security: bearerAuth,
        querystring: noQuery,
        body: attivitaReportInput,
        response: { 200: attivitaReportResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({
      success: true as const,
      rapportino_id: await schedule.reportFromOccurrence(contextOf(req), req.body),
    }),
  );
};
