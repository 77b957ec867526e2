import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { estimateSchema, paidOptionConfirmRequest, paidOptionRequest, purchaseResult } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import { bearerAuth, errors, itemResponse, noQuery } from '../../../platform/http/schemas.js';
import * as paid from './service.js';

/** Buying paid options: administrators only (spec platform section 6). */
const buy = { key: 'opzioni', action: 'read', adminOnly: true } as const;

/** Paid options bought through the subscription (the options screen opens the purchase). */
export const paidOptionsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/options/option/estimate',
    {
      config: { permission: buy },
      schema: {
        tags: ['options'],
        summary: 'Quote for a paid option (administrators only)',
        description:
          'The subscription service quotes item option:<key> × 1 (an addition to the current term, or a new term in trial). 409 when already active.',
        security: bearerAuth,
        querystring: noQuery,
        body: paidOptionRequest,
        response: {
          200: z.object({ success: z.literal(true), estimate: z.array(estimateSchema) }),
          ...errors(400, 401, 403, 409),
        },
      },
    },
    async (req) => ({
      success: true as const,
      estimate: [await paid.estimate(deps, actorOf(req).aziendaId, req.body)],
    }),
  );

  app.post(
    '/options/option/confirm',
    {
      config: { permission: buy },
      schema: {
        tags: ['options'],
        summary: 'Buys a paid option after its quote (administrators only)',
        description:
          'Bank transfer: pending with instructions, the option active at once. Card: succeeded, or requires_action with a 3-D Secure ' +
          'challenge (complete it with POST /v2/subscription/confirm/card/3ds). Card errors as the subscription checkout.',
        security: bearerAuth,
        querystring: noQuery,
        body: paidOptionConfirmRequest,
        response: { 200: itemResponse(purchaseResult), ...errors(400, 401, 402, 403, 409) },
      },
    },
    async (req) => ({ success: true as const, item: await paid.confirm(deps, actorOf(req).aziendaId, req.body) }),
  );
};
