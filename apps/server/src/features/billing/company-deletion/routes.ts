import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.companyDeletion;

/** Company deletion request, restore within 3 working hours, and the job that deletes. */
export const companyDeletionRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.status, async (req) => ({
    success: true as const,
    item: await service.deletionStatus(contextOf(req)),
  }));

  implement(app, table.requestDeletion, async (req) => ({
    success: true as const,
    item: await service.requestDeletion(contextOf(req)),
  }));

  implement(app, table.restore, async (req) => ({
    success: true as const,
    item: await service.restore(contextOf(req)),
  }));
};
