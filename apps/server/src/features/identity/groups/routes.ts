import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gruppoSaveRequest, gruppoSchema } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import { bearerAuth, errors, noQuery, okResponse, uuidParam } from '../../../platform/http/schemas.js';
import * as service from './service.js';

/** Permission groups are for administrators only (spec section 6). */
const read = { key: 'gestione_tecnici', action: 'read', adminOnly: true } as const;
const write = { key: 'gestione_tecnici', action: 'write', adminOnly: true } as const;
const remove = { key: 'gestione_tecnici', action: 'delete', adminOnly: true } as const;
const one = z.object({ success: z.literal(true), gruppo: gruppoSchema });

export const groupRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/gruppi/gruppi',
    {
      config: { permission: read },
      schema: {
        tags: ['groups'],
        summary: 'Custom permission groups with their members',
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: z.object({ success: z.literal(true), gruppi: z.array(gruppoSchema) }), ...errors(401, 403) },
      },
    },
    async (req) => ({ success: true as const, gruppi: await service.listGroups(deps, actorOf(req).aziendaId) }),
  );

  app.get(
    '/gruppi/gruppo/:id',
    {
      config: { permission: read },
      schema: {
        tags: ['groups'],
        summary: 'One permission group',
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: one, ...errors(401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      gruppo: await service.getGroup(deps, actorOf(req).aziendaId, req.params.id),
    }),
  );

  app.post(
    '/gruppi/gruppo',
    {
      config: { permission: write },
      schema: {
        tags: ['groups'],
        summary: 'Creates (no id) or updates a group with its members',
        description:
          'The name is unique in the company (409 CONFLICT, field name). Members must be non-admin users and not in ' +
          'another group (409 CONFLICT, field membri). Page keys left out allow nothing.',
        security: bearerAuth,
        querystring: noQuery,
        body: gruppoSaveRequest,
        response: { 200: one, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({
      success: true as const,
      gruppo: await service.saveGroup(deps, actorOf(req).aziendaId, req.body),
    }),
  );

  app.delete(
    '/gruppi/gruppo/:id',
    {
      config: { permission: remove },
      schema: {
        tags: ['groups'],
        summary: 'Deletes a group; its members go back to the default permissions',
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: okResponse, ...errors(401, 403, 404) },
      },
    },
    async (req) => {
      await service.deleteGroup(deps, actorOf(req).aziendaId, req.params.id);
      return { success: true as const };
    },
  );
};
