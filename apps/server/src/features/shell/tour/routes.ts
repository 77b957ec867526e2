import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.tour;

export const tourRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.interrupt, async (req) => ({
    success: true as const,
    item: await service.interrupt(contextOf(req)),
  }));

  implement(app, table.advance, async (req) => ({
    success: true as const,
    item: await service.advance(contextOf(req), req.body.from),
  }));
};
