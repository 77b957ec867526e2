import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.passwordReset;

export const passwordResetRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  implement(app, table.requestReset, async (req) => {
    await service.requestReset(deps, req.body.email, req.ip);
    return { success: true as const };
  });

  implement(app, table.confirmReset, async (req) => {
    await service.confirmReset(deps, req.body.token, req.body.password);
    return { success: true as const };
  });
};
