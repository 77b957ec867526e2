import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tourAdvanceRequest } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import { bearerAuth, errors, itemResponse, noQuery } from '../../../platform/http/schemas.js';
import * as service from './service.js';

/** The tour guides the company's set-up, so administrators drive it. */
const admin = { key: 'gestione_azienda', action: 'read', adminOnly: true } as const;
const answer = itemResponse(z.object({ work_flow_primo_accesso: z.number().int() }));

export const tourRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/workflow-primo-accesso/interrompi',
    {
      config: { permission: admin },
      schema: {
        tags: ['tour'],
        summary: 'Ends the first-access tour for the company (step 30)',
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: answer, ...errors(401, 403) },
      },
    },
    async (req) => ({ success: true as const, item: await service.interrupt(deps, actorOf(req).aziendaId) }),
  );

  app.post(
    '/workflow-primo-accesso/avanza',
    {
      config: { permission: admin },
      schema: {
        tags: ['tour'],
        summary: 'Moves the first-access tour to its next step once the current one is done',
        description:
          '`from` must be the current step (0, 10 or 20; 409 otherwise). 0 → 10 needs the company email, address and city; ' +
          '10 → 20 an active technician; 20 → 30 ends the tour. 409 CONFLICT names what is missing.',
        security: bearerAuth,
        querystring: noQuery,
        body: tourAdvanceRequest,
        response: { 200: answer, ...errors(400, 401, 403, 409) },
      },
    },
    async (req) => ({
      success: true as const,
      item: await service.advance(deps, actorOf(req).aziendaId, req.body.from),
    }),
  );
};
