import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.jobRoles;

/** Job roles (mansioni) with their checks (controlli): page key mansioni (spec operations sections 3, 7, 8). */
export const jobRoleRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.list, async (req) => ({
    success: true as const,
    items: await service.list(contextOf(req)),
  }));

  implement(app, table.get, async (req) => ({
    success: true as const,
    item: await service.get(contextOf(req), req.params.id),
  }));

  implement(app, table.saveMansione, async (req) => ({
    success: true as const,
    item: await service.saveMansione(contextOf(req), req.body),
  }));

  implement(app, table.deleteMansione, async (req) => {
    await service.deleteMansione(contextOf(req), req.params.id);
    return { success: true as const };
  });

  implement(app, table.saveControllo, async (req) => ({
    success: true as const,
    item: await service.saveControllo(contextOf(req), req.body),
  }));

  implement(app, table.deleteControllo, async (req) => {
    await service.deleteControllo(contextOf(req), req.params.id);
    return { success: true as const };
  });
};
