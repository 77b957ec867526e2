import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.groups;

export const groupRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  implement(app, table.listGroups, async (req) => ({
    success: true as const,
    gruppi: await service.listGroups(deps, actorOf(req).aziendaId),
  }));

  implement(app, table.getGroup, async (req) => ({
    success: true as const,
    gruppo: await service.getGroup(deps, actorOf(req).aziendaId, req.params.id),
  }));

  implement(app, table.saveGroup, async (req) => ({
    success: true as const,
    gruppo: await service.saveGroup(deps, actorOf(req).aziendaId, req.body),
  }));

  implement(app, table.deleteGroup, async (req) => {
    await service.deleteGroup(deps, actorOf(req).aziendaId, req.params.id);
    return { success: true as const };
  });
};
