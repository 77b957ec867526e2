import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.tablePreferences;

/** Per-user table preferences (the column chooser of every list); any signed-in user, for themselves. */
export const tablePreferenceRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.getTableInfos, async (req) => ({
    success: true as const,
    item: await service.getTableInfos(contextOf(req), req.params.tabella),
  }));

  implement(app, table.savePreference, async (req) => ({
    success: true as const,
    item: await service.savePreference(contextOf(req), req.body),
  }));
};
