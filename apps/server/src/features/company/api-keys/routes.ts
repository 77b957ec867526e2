import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { implement } from '../../../platform/http/route.js';
import * as keys from './service.js';

const table = routes.apiKeys;

/** API keys (issue 28, decision 0048). */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.list, async (req) => ({ success: true as const, items: await keys.list(contextOf(req)) }));
  implement(app, table.generate, async (req) => ({
    success: true as const,
    ...(await keys.generate(contextOf(req), req.body)),
  }));
  implement(app, table.roll, async (req) => ({
    success: true as const,
    ...(await keys.roll(contextOf(req), req.params.id, req.body.giorniValidita)),
  }));
  implement(app, table.remove, async (req) => ({
    success: true as const,
    item: await keys.remove(contextOf(req), req.params.id),
  }));
};
