import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  promoCompanySummary,
  promoCompletaQuery,
  promoCompletaRequest,
  registerPromoItem,
  registerPromoRequest,
} from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { errors, itemResponse, noQuery } from '../../../platform/http/schemas.js';
import * as promo from './promo.js';

const pub = { auth: 'public' } as const;

/** The promo registration (/access/register-promo) and /register-promo-completa-dati. */
export const promoRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/register/init-promo',
    {
      config: pub,
      schema: {
        tags: ['registration'],
        summary: 'Promo registration: company in free trial with a coupon',
        description:
          'Same rules as /register/init. A valid coupon adds its free-trial days; an invalid one still registers the ' +
          'company and the answer carries `alert: "0004"`. `item.token_v2` lets /register-promo-completa-dati complete ' +
          'the company data (7 days, once). At most 20 sign-ups (this and /register/init together) per client address ' +
          'in an hour (429 RATE_LIMITED with Retry-After).',
        querystring: noQuery,
        body: registerPromoRequest,
        response: {
          200: z.object({ success: z.literal(true), item: registerPromoItem, alert: z.literal('0004').optional() }),
          ...errors(400, 409, 429),
        },
      },
    },
    async (req) => ({ success: true as const, ...(await promo.initPromo(deps, req.body, deps.clock.now(), req.ip)) }),
  );

  app.get(
    '/register/promo-completa-dati',
    {
      config: pub,
      schema: {
        tags: ['registration'],
        summary: 'The company of a promo registration (token_v2)',
        querystring: promoCompletaQuery,
        response: { 200: itemResponse(promoCompanySummary), ...errors(400, 404) },
      },
    },
    async (req) => ({ success: true as const, item: await promo.promoCompany(deps, req.query.token) }),
  );

  app.post(
    '/register/promo-completa-dati',
    {
      config: pub,
      schema: {
        tags: ['registration'],
        summary: 'Completes the company data of a promo registration (token_v2, once)',
        querystring: noQuery,
        body: promoCompletaRequest,
        response: { 200: itemResponse(promoCompanySummary), ...errors(400, 404) },
      },
    },
    async (req) => ({ success: true as const, item: await promo.promoComplete(deps, req.body) }),
  );
};
