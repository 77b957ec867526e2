import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { geolocationQuery, geolocationResponse, positionRequest } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { bearerAuth, errors, noQuery, okResponse } from '../../../platform/http/schemas.js';
import * as service from './service.js';

export const geolocationRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  app.get(
    '/utenti/geolocation',
    {
      config: { permission: { key: 'pianificazione_interventi', action: 'read', scope: 'company' } },
      schema: {
        tags: ['users'],
        summary: "Technicians' last known positions within the geolocation option's validity minutes",
        description: 'Answers enabled false and no items while the paid geolocation option is off.',
        security: bearerAuth,
        querystring: geolocationQuery,
        response: { 200: geolocationResponse, ...errors(400, 401, 403) },
      },
    },
    async (req) => service.technicianPositions(contextOf(req), req.query),
  );

  app.post(
    '/utenti/geolocation',
    {
      config: { permission: { key: 'app_mobile', action: 'write', scope: 'user' } },
      schema: {
        tags: ['users'],
        summary: "Records the signed-in technician's position (sent by the companion app)",
        description: '409 GEOLOCATION_DISABLED while the paid geolocation option is off.',
        security: bearerAuth,
        querystring: noQuery,
        body: positionRequest,
        response: { 200: okResponse, ...errors(400, 401, 403, 409) },
      },
    },
    async (req) => {
      await service.reportPosition(contextOf(req), req.body);
      return { success: true as const };
    },
  );
};
