import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.reference;

export const referenceRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.activePages, async (req) => ({
    success: true as const,
    pagine: service.activePages(actorOf(req).permissions, undefined, actorOf(req).role === 'admin'),
  }));

  implement(app, table.countries, async (req) => ({
    success: true as const,
    nazioni: service.countries(actorOf(req).lingua.toLowerCase()),
  }));

  implement(app, table.languages, async () => ({ success: true as const, items: service.languages() }));
};
