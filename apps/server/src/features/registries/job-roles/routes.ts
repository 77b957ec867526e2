import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.jobRoles;

/** Job roles (mansioni) with their checks (controlli): page key mansioni (spec operations sections 3, 7, 8). */
export const jobRoleRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  implement(app, table.list, async (req) => ({
    success: true as const,
    items: await service.list(deps, actorOf(req)),
  }));

  implement(app, table.get, async (req) => ({
    success: true as const,
    item: await service.get(deps, actorOf(req), req.params.id),
  }));

  implement(app, table.saveMansione, async (req) => ({
    success: true as const,
    item: await service.saveMansione(deps, actorOf(req), req.body),
  }));

  implement(app, table.deleteMansione, async (req) => {
    await service.deleteMansione(deps, actorOf(req), req.params.id);
    return { success: true as const };
  });

  implement(app, table.saveControllo, async (req) => ({
    success: true as const,
    item: await service.saveControllo(deps, actorOf(req), req.body),
  }));

  implement(app, table.deleteControllo, async (req) => {
    await service.deleteControllo(deps, actorOf(req), req.params.id);
    return { success: true as const };
  });
};
