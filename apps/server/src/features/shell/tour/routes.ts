import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.tour;

export const tourRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  implement(app, table.interrupt, async (req) => ({
    success: true as const,
    item: await service.interrupt(deps, actorOf(req).aziendaId),
  }));

  implement(app, table.advance, async (req) => ({
    success: true as const,
    item: await service.advance(deps, actorOf(req).aziendaId, req.body.from),
  }));
};
