import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.activities;

/** Contract activities, the contract's side (issue 13; spec 7 "Contracts and activities"). */
export const activityRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.list, async (req) => ({
    success: true as const,
    items: await service.list(contextOf(req), req.params.id, req.query.allAttivita === 'true'),
  }));

  implement(app, table.rules, async (req) => ({
    success: true as const,
    regole: await service.rules(contextOf(req), req.params.id),
  }));

  implement(app, table.frequencyDates, async (req) => ({
    success: true as const,
    date: service.frequencyDates(req.body),
  }));

  implement(app, table.saveList, async (req) => ({
    success: true as const,
    items: await service.saveList(contextOf(req), req.body),
  }));

  implement(app, table.removeActivity, async (req) => {
    await service.remove(contextOf(req), req.params.contrattoId, [req.params.id]);
    return { success: true as const };
  });

  implement(app, table.deleteBulk, async (req) => {
    await service.remove(contextOf(req), req.params.contrattoId, req.body.ids);
    return { success: true as const };
  });
};
