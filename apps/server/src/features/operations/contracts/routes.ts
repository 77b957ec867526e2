import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contrattiClienteResponse } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import { bearerAuth, errors } from '../../../platform/http/schemas.js';
import * as service from './service.js';

const tags = ['contracts'];

/** Contracts as the work reports need them (issue 11); the contracts issue adds the rest. */
export const contractRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/contratti/cliente/:id',
    {
      config: { permission: { key: 'contratti', action: 'read' } },
      schema: {
        tags,
        summary: "A customer's contracts (running first), to put a work report on one",
        description: 'An unknown customer, or one of another company, answers 404.',
        security: bearerAuth,
        params: z.object({ id: z.string().uuid() }),
        response: { 200: contrattiClienteResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, items: await service.ofCustomer(deps, actorOf(req), req.params.id) }),
  );
};
