import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { impiantoSaveRequest, impiantoSchema, macchinarioSaveRequest, macchinarioSchema } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import { bearerAuth, errors, itemResponse, noQuery, okResponse, uuidParam } from '../../../platform/http/schemas.js';
import * as service from './service.js';

const plants = {
  read: { key: 'clienti_impianti', action: 'read' },
  write: { key: 'clienti_impianti', action: 'write' },
  delete: { key: 'clienti_impianti', action: 'delete' },
} as const;
const machines = {
  read: { key: 'clienti_macchinari', action: 'read' },
  write: { key: 'clienti_macchinari', action: 'write' },
  delete: { key: 'clienti_macchinari', action: 'delete' },
} as const;
const itemsResponse = <T extends z.ZodType>(item: T) => z.object({ success: z.literal(true), items: z.array(item) });

/** Plants (/impianti) and machines (/macchinari) of customers. */
export const plantRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const id = (req: { params: { id: string } }) => req.params.id;

  app.get(
    '/impianti/cliente/:id',
    {
      config: { permission: plants.read },
      schema: {
        tags: ['plants'],
        summary: 'Plants of a customer',
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: itemsResponse(impiantoSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      items: await service.listImpianti(deps, actorOf(req).aziendaId, id(req)),
    }),
  );

  app.get(
    '/impianti/impianto/:id',
    {
      config: { permission: plants.read },
      schema: {
        tags: ['plants'],
        summary: 'One plant',
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: itemResponse(impiantoSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, item: await service.getImpianto(deps, actorOf(req).aziendaId, id(req)) }),
  );

  app.post(
    '/impianti/impianto/create',
    {
      config: { permission: plants.write },
      schema: {
        tags: ['plants'],
        summary: 'Creates (no id) or updates a plant of a customer',
        security: bearerAuth,
        querystring: noQuery,
        body: impiantoSaveRequest,
        response: { 200: itemResponse(impiantoSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      item: await service.saveImpianto(deps, actorOf(req).aziendaId, req.body),
    }),
  );

  app.delete(
    '/impianti/impianto/:id',
    {
      config: { permission: plants.delete },
      schema: {
        tags: ['plants'],
        summary: 'Deletes a plant and its machines (403 0028 when used in a contract)',
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: okResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await service.deleteImpianto(deps, actorOf(req).aziendaId, id(req));
      return { success: true as const };
    },
  );

  app.get(
    '/macchinari/macchinari/:id',
    {
      config: { permission: machines.read },
      schema: {
        tags: ['machines'],
        summary: 'Machines of a plant (id of the plant)',
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: itemsResponse(macchinarioSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      items: await service.listMacchinari(deps, actorOf(req).aziendaId, id(req)),
    }),
  );

  app.get(
    '/macchinari/macchinario/:id',
    {
      config: { permission: machines.read },
      schema: {
        tags: ['machines'],
        summary: 'One machine',
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: itemResponse(macchinarioSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      item: await service.getMacchinario(deps, actorOf(req).aziendaId, id(req)),
    }),
  );

  app.post(
    '/macchinari/macchinario/create',
    {
      config: { permission: machines.write },
      schema: {
        tags: ['machines'],
        summary: 'Creates (no id) or updates a machine (0029 on a bad name or registration number)',
        security: bearerAuth,
        querystring: noQuery,
        body: macchinarioSaveRequest,
        response: { 200: itemResponse(macchinarioSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      item: await service.saveMacchinario(deps, actorOf(req).aziendaId, req.body),
    }),
  );

  app.delete(
    '/macchinari/macchinario/:id',
    {
      config: { permission: machines.delete },
      schema: {
        tags: ['machines'],
        summary: 'Deletes a machine and its components (403 0027 when used in a contract)',
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: okResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await service.deleteMacchinario(deps, actorOf(req).aziendaId, id(req));
      return { success: true as const };
    },
  );
};
