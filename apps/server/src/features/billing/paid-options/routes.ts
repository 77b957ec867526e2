import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { implement } from '../../../platform/http/route.js';
import * as paid from './service.js';

const table = routes.paidOptions;

/** Paid options bought through the subscription (the options screen opens the purchase; administrators only). */
export const paidOptionsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.estimateOption, async (req) => ({
    success: true as const,
    estimate: [await paid.estimate(contextOf(req), req.body)],
  }));

  implement(app, table.confirmOption, async (req) => ({
    success: true as const,
    item: await paid.confirm(contextOf(req), req.body),
  }));
};
