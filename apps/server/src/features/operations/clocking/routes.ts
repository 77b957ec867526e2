import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { implement } from '../../../platform/http/route.js';
import { clock } from './clock-service.js';
import { save } from './office-service.js';
import * as read from './read-service.js';

const table = routes.clocking;

/** Clocking (issue 26, decision 0045): the JSON calls. The exports are registered by export-routes. */
export const clockingRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.list, async (req) => read.list(contextOf(req), req.query));

  implement(app, table.one, async (req) => ({
    success: true as const,
    item: await read.one(contextOf(req), req.query.id),
  }));

  implement(app, table.last, async (req) => ({
    success: true as const,
    item: await read.last(contextOf(req), req.query.utenteId),
  }));

  implement(app, table.clock, async (req) => ({
    success: true as const,
    item: await clock(contextOf(req), req.body),
  }));

  implement(app, table.save, async (req) => ({ success: true as const, ...(await save(contextOf(req), req.body)) }));
};
