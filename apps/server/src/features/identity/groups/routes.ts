import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.groups;

export const groupRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.listGroups, async (req) => ({
    success: true as const,
    gruppi: await service.listGroups(contextOf(req)),
  }));

  implement(app, table.getGroup, async (req) => ({
    success: true as const,
    gruppo: await service.getGroup(contextOf(req), req.params.id),
  }));

  implement(app, table.saveGroup, async (req) => ({
    success: true as const,
    gruppo: await service.saveGroup(contextOf(req), req.body),
  }));

  implement(app, table.deleteGroup, async (req) => {
    await service.deleteGroup(contextOf(req), req.params.id);
    return { success: true as const };
  });
};
