import { z } from 'zod';
import {
  registerPromoRequest,
  registerPromoItem,
  promoCompleteQuery,
  promoCompanySummary,
  promoCompleteRequest,
} from '../../registration.js';
import { itemResponse, defineRoute, NOBODY } from '../define.js';

// The route table's `promo` entries (implemented in apps/server/src/features/billing/registration/promo-routes.ts).

export const initPromo = defineRoute({
  id: 'promo.initPromo',
  method: 'POST',
  path: '/api/register/init-promo',
  auth: 'public',
  principals: NOBODY,
  tags: ['registration'],
  summary: 'Promo registration: company in free trial with a coupon',
  description:
    'Same rules as /register/init. A valid coupon adds its free-trial days; an invalid one still registers the ' +
    'company and the answer carries `alert: "0004"`. `item.token_v2` lets /register-promo-completa-dati complete ' +
    'the company data (7 days, once). At most 20 sign-ups (this and /register/init together) per client address ' +
    'in an hour (429 RATE_LIMITED with Retry-After).',
  body: registerPromoRequest,
  answer: z.object({ success: z.literal(true), item: registerPromoItem, alert: z.literal('0004').optional() }),
  answerKind: 'json',
  errors: [400, 409, 429],
});

export const promoData = defineRoute({
  id: 'promo.promoData',
  method: 'GET',
  path: '/api/register/promo-completa-dati',
  auth: 'public',
  principals: NOBODY,
  tags: ['registration'],
  summary: 'The company of a promo registration (token_v2)',
  query: promoCompleteQuery,
  answer: itemResponse(promoCompanySummary),
  answerKind: 'json',
  errors: [400, 404],
});

export const completePromo = defineRoute({
  id: 'promo.completePromo',
  method: 'POST',
  path: '/api/register/promo-completa-dati',
  auth: 'public',
  principals: NOBODY,
  tags: ['registration'],
  summary: 'Completes the company data of a promo registration (token_v2, once)',
  body: promoCompleteRequest,
  answer: itemResponse(promoCompanySummary),
  answerKind: 'json',
  errors: [400, 404],
});
