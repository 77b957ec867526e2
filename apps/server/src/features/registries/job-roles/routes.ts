import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { controlloSaveRequest, controlloSchema, mansioneSaveRequest, mansioneSchema } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import { bearerAuth, errors, itemResponse, noQuery, okResponse, uuidParam } from '../../../platform/http/schemas.js';
import * as service from './service.js';

const read = { key: 'mansioni', action: 'read' } as const;
const write = { key: 'mansioni', action: 'write' } as const;
const remove = { key: 'mansioni', action: 'delete' } as const;
const tags = ['jobs'];

/** Job roles (mansioni) with their checks (controlli): page key mansioni (spec operations sections 3, 7, 8). */
export const jobRoleRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/mansioni/mansioni',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: "The company's job roles by name, each with its checks and the users who hold it",
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: z.object({ success: z.literal(true), items: z.array(mansioneSchema) }), ...errors(401, 403) },
      },
    },
    async (req) => ({ success: true as const, items: await service.list(deps, actorOf(req)) }),
  );

  app.get(
    '/mansioni/mansione/:id',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'One job role with its checks and holders',
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: itemResponse(mansioneSchema), ...errors(401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, item: await service.get(deps, actorOf(req), req.params.id) }),
  );

  app.post(
    '/mansioni/mansione/create',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: 'Creates (no id) or updates a job role',
        description: 'The name is unique in the company, case aside (409 CONFLICT, field nome).',
        security: bearerAuth,
        querystring: noQuery,
        body: mansioneSaveRequest,
        response: { 200: itemResponse(mansioneSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({ success: true as const, item: await service.saveMansione(deps, actorOf(req), req.body) }),
  );

  app.delete(
    '/mansioni/mansione/:id',
    {
      config: { permission: remove },
      schema: {
        tags,
        summary: 'Deletes a job role and its checks',
        description:
          'In use answers 403 with the first applicable code: 0032 a user holds it, 0033 in a report, 0034 in a contract, 0035 one of its checks in an activity.',
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: okResponse, ...errors(401, 403, 404) },
      },
    },
    async (req) => {
      await service.deleteMansione(deps, actorOf(req), req.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/controlli/controllo',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: 'Creates (no id) or updates a check of a job role',
        description:
          'tipo_campo boolean, number, text, textarea, select (valori required), date or time; new checks go last unless ordine is given.',
        security: bearerAuth,
        querystring: noQuery,
        body: controlloSaveRequest,
        response: { 200: itemResponse(controlloSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, item: await service.saveControllo(deps, actorOf(req), req.body) }),
  );

  app.delete(
    '/controlli/controllo/:id',
    {
      config: { permission: remove },
      schema: {
        tags,
        summary: 'Deletes a check',
        description: 'Used in an activity answers 403 0035.',
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: okResponse, ...errors(401, 403, 404) },
      },
    },
    async (req) => {
      await service.deleteControllo(deps, actorOf(req), req.params.id);
      return { success: true as const };
    },
  );
};
