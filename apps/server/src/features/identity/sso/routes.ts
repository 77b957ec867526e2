import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.sso;

export const ssoRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  implement(app, table.start, async (req) => ({
    success: true as const,
    item: await service.start(deps, req.body, req.headers['device-id']),
  }));

  implement(app, table.login, async (req) => ({
    success: true as const,
    item: await service.login(deps, req.body, req.headers['device-id']),
  }));
};
