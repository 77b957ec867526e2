import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf, languageOf } from '../../../platform/context.js';
import { isAdmin } from '../../../platform/auth/principal.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.reference;

export const referenceRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.activePages, async (req) => {
    const { principal } = contextOf(req);
    return {
      success: true as const,
      pagine: service.activePages(principal.permissions, undefined, isAdmin(principal)),
    };
  });

  implement(app, table.countries, async (req) => ({
    success: true as const,
    nazioni: service.countries(languageOf(contextOf(req)).toLowerCase()),
  }));

  implement(app, table.languages, async () => ({ success: true as const, items: service.languages() }));
};
