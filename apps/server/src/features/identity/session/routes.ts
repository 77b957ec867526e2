import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { bearer, deviceIdHeader } from '../../../platform/auth/guard.js';
import { contextOf } from '../../../platform/context.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.session;

export const sessionRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  implement(app, table.sessionUser, async (req) => ({
    success: true as const,
    item: await service.sessionUser(contextOf(req)),
  }));

  implement(app, table.permissions, async (req) => ({
    success: true as const,
    item: service.permissions(contextOf(req)),
  }));

  implement(app, table.refresh, async (req) => ({
    success: true as const,
    ...(await service.refresh(deps, bearer(req), deviceIdHeader(req))),
  }));

  implement(app, table.temporaryRefreshToken, async (req) => ({
    success: true as const,
    item: await service.temporaryRefreshToken(contextOf(req)),
  }));

  implement(app, table.setLanguage, async (req) => ({
    success: true as const,
    item: await service.setLanguage(contextOf(req), req.body.lingua),
  }));

  implement(app, table.logout, async (req) => {
    await service.logout(contextOf(req));
    return { success: true as const };
  });
};
