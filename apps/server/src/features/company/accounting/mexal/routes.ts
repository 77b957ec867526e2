import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../../platform/deps.js';
import { contextOf } from '../../../../platform/context.js';
import { implement } from '../../../../platform/http/route.js';
import * as mexal from './service.js';

const table = routes.mexal;
const ok = true as const;

/** Passepartout Mexal's connection (issue 29, decision 0052): the spec's three calls. Admins only. */
export const mexalRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.check, async (req) => ({ success: ok, item: await mexal.check(contextOf(req)) }));
  implement(app, table.login, async (req) => ({ success: ok, item: await mexal.login(contextOf(req), req.body) }));
  implement(app, table.logout, async (req) => ({ success: ok, item: await mexal.logout(contextOf(req)) }));
};
