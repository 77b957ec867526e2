import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import * as service from './service.js';
import { promoRoutes } from './promo-routes.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.registration;

/** /access/register steps 1 to 4 (public: there is no session yet), then the promo variant. */
export const registrationRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  implement(app, table.check, async (req) => {
    await service.check(deps, req.body, req.ip);
    return { success: true as const };
  });

  implement(app, table.init, async (req) => ({
    success: true as const,
    item: await service.init(deps, req.body, deps.clock.now(), req.ip),
  }));

  implement(app, table.checkoutPage, async (req) => ({
    success: true as const,
    ...(await service.checkoutPage(deps, req.query.token)),
  }));

  implement(app, table.checkout, async (req) => ({
    success: true as const,
    item: await service.checkout(deps, req.body.token, req.body.card),
  }));

  implement(app, table.checkCard3ds, async (req) => ({
    success: true as const,
    item: await service.checkCard3ds(deps, req.body.token, req.body.challenge_id),
  }));

  await app.register(promoRoutes, { deps });
};
