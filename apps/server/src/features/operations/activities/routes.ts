import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attivitaListResponse,
  deleteBulkInput,
  frequencyRequest,
  frequencyResponse,
  listaAttivitaInput,
  regoleResponse,
} from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { bearerAuth, errors, noQuery, okResponse, uuidParam } from '../../../platform/http/schemas.js';
import * as service from './service.js';

const read = { key: 'contratti', action: 'read' } as const;
const write = { key: 'contratti', action: 'write' } as const;
const remove = { key: 'contratti', action: 'delete' } as const;
const tags = ['contract activities'];

const FREQUENCY =
  'Frequencies: fissa (every ogni giorni, settimane, mesi or anni from data_inizio, else the period start; monthly ' +
  "or yearly from the 29th-31st falls on the month's last day when shorter), variabile (dates), data_singola. Refused " +
  '(400, field errors under frequenza): a yearly one when the period or the automatic renewal is shorter than a ' +
  'calendar year, dates outside the period, no date in it, more than 1000.';

/** Contract activities, the contract's side (issue 13; spec 7 "Contracts and activities"). */
export const activityRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  app.get(
    '/contratti/contratto/attivita/:id',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: "A contract's activities with their checks, machines, frequency, rules and dates (contratto_date)",
        description:
          'id is the contract. contratto_date: by default the undone dates and those from today on (the company calendar); ' +
          'allAttivita=true all of them (the history). stato: fatta (its report closed), scaduta (undone, its planned ' +
          "or due day past), pianificata (a report or a planned day), da_fare. Another company's contract answers 404.",
        security: bearerAuth,
        params: uuidParam,
        querystring: z.object({ allAttivita: z.enum(['true', 'false']).default('false') }).strict(),
        response: { 200: attivitaListResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      items: await service.list(contextOf(req), req.params.id, req.query.allAttivita === 'true'),
    }),
  );

  app.get(
    '/contratti/attivita/regole/:id',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: "An activity's rules: maximum delay and advance (days) of its dates",
        description:
          "id is the activity. The contract's ritardo_massimo_giorni applies where the activity sets none. Another " +
          "company's activity answers 404.",
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: regoleResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, regole: await service.rules(contextOf(req), req.params.id) }),
  );

  app.post(
    '/contratti/attivita/frequency',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: "The dates a frequency gives in a contract period (the wizard's preview)",
        description: `${FREQUENCY} mesi_rinnovo: the months of the automatic renewal, when it renews itself.`,
        security: bearerAuth,
        querystring: noQuery,
        body: frequencyRequest,
        response: { 200: frequencyResponse, ...errors(400, 401, 403) },
      },
    },
    async (req) => ({ success: true as const, date: service.frequencyDates(req.body) }),
  );

  app.post(
    '/contratti/contratto/lista-attivita',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: 'Adds (no id) or updates (id) several activities of a contract, in one transaction',
        description:
          `${FREQUENCY} Job role, checks (of that job role), machines and plant (of the contract's customer) must be ` +
          "the company's (400, paths attivita.<i>.<field>). The dates of the contract's period are generated: a changed " +
          'activity keeps its done dates and those with a report, and its other dates from today on follow the new ' +
          'frequency. A ceased contract answers 409; an unknown contract or activity 404. Answers the activities.',
        security: bearerAuth,
        querystring: noQuery,
        body: listaAttivitaInput,
        response: { 200: attivitaListResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({ success: true as const, items: await service.saveList(contextOf(req), req.body) }),
  );

  app.delete(
    '/contratti/contratto/:contrattoId/attivita/:id',
    {
      config: { permission: remove },
      schema: {
        tags,
        summary: 'Deletes an activity of a contract with its dates',
        description:
          'Refused (409) when a report was made from one of its dates, or the contract ceased. Unknown: 404.',
        security: bearerAuth,
        params: z.object({ contrattoId: z.uuid(), id: z.uuid() }).strict(),
        querystring: noQuery,
        response: { 200: okResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      await service.remove(contextOf(req), req.params.contrattoId, [req.params.id]);
      return { success: true as const };
    },
  );

  app.post(
    '/contratti/contratto/:contrattoId/attivita/delete-bulk',
    {
      config: { permission: remove },
      schema: {
        tags,
        summary: 'Deletes several activities of a contract with their dates (all or none)',
        description:
          'Refused (409) when a report was made from a date of one of them, or the contract ceased; an id not of ' +
          'the contract answers 404 and nothing is deleted.',
        security: bearerAuth,
        params: z.object({ contrattoId: z.uuid() }).strict(),
        querystring: noQuery,
        body: deleteBulkInput,
        response: { 200: okResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      await service.remove(contextOf(req), req.params.contrattoId, req.body.ids);
      return { success: true as const };
    },
  );
};
