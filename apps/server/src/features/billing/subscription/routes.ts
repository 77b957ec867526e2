import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { sandboxPaymentRoutes } from '../../../platform/payments/sandbox-routes.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.subscription;

export const subscriptionRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  await app.register(sandboxPaymentRoutes, { payments: deps.payments });

  implement(app, table.getSubscription, async (req) => ({
    success: true as const,
    item: await service.getSubscription(contextOf(req)),
  }));

  implement(app, table.quote, async (req) => ({
    success: true as const,
    estimate: [await service.quote(contextOf(req), req.body)],
  }));

  implement(app, table.confirm, async (req) => ({
    success: true as const,
    item: await service.purchase(contextOf(req), { ...req.body, paymentMethod: 'bank_transfer' }),
  }));

  implement(app, table.confirmCard, async (req) => ({
    success: true as const,
    item: await service.purchase(contextOf(req), { ...req.body, paymentMethod: 'card' }),
  }));

  implement(app, table.completeCardChallenge, async (req) => ({
    success: true as const,
    item: await service.completeCardChallenge(contextOf(req), req.body.challenge_id),
  }));

  implement(app, table.checkVoucher, async (req) => ({
    success: true as const,
    item: await service.checkVoucher(contextOf(req), req.body.code),
  }));
};
