import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import * as promo from './promo.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.promo;

/** The promo registration (/access/register-promo) and /register-promo-completa-dati. */
export const promoRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  implement(app, table.initPromo, async (req) => ({
    success: true as const,
    ...(await promo.initPromo(deps, req.body, deps.clock.now(), req.ip)),
  }));

  implement(app, table.promoData, async (req) => ({
    success: true as const,
    item: await promo.promoCompany(deps, req.query.token),
  }));

  implement(app, table.completePromo, async (req) => ({
    success: true as const,
    item: await promo.promoComplete(deps, req.body),
  }));
};
