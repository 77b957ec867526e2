import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.geolocation;

export const geolocationRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.technicianPositions, async (req) => service.technicianPositions(contextOf(req), req.query));

  implement(app, table.reportPosition, async (req) => {
    await service.reportPosition(contextOf(req), req.body);
    return { success: true as const };
  });
};
