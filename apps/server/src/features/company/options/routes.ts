import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { implement } from '../../../platform/http/route.js';
import * as service from './service.js';

const table = routes.options;

/** The company's options and its reasons (motivazioni); the mail test and paid options have their own routes. */
export const optionsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.listOptions, async (req) => ({
    success: true as const,
    items: await service.listOptions(contextOf(req)),
  }));

  implement(app, table.confirmOptions, async (req) => ({
    success: true as const,
    items: await service.confirmOptions(contextOf(req), req.body),
  }));

  implement(app, table.listMotivazioni, async (req) => ({
    success: true as const,
    items: await service.listMotivazioni(contextOf(req)),
  }));

  implement(app, table.saveMotivazione, async (req) => ({
    success: true as const,
    item: await service.saveMotivazione(contextOf(req), req.body),
  }));

  implement(app, table.deleteMotivazione, async (req) => {
    await service.deleteMotivazione(contextOf(req), req.params.id);
    return { success: true as const };
  });
};
