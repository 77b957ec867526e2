import {
  subscriptionSchema,
  estimateRequest,
  estimateResponse,
  confirmRequest,
  purchaseResult,
  confirmCardRequest,
  threeDsCompleteRequest,
  voucherRequest,
  voucherSchema,
} from '../../subscription.js';
import { itemResponse, defineRoute, USER_ONLY } from '../define.js';

// The route table's `subscription` entries (implemented in apps/server/src/features/billing/subscription/routes.ts).

const read = { key: 'gestione_abbonamento', action: 'read' } as const;
const tags = ['subscription'];
/** Buying is for administrators only (spec platform section 6). */
const buy = { key: 'gestione_abbonamento', action: 'write', adminOnly: true } as const;

export const getSubscription = defineRoute({
  id: 'subscription.getSubscription',
  method: 'GET',
  path: '/api/subscription/subscription',
  auth: 'session',
  principals: USER_ONLY,
  permission: read,
  tags: tags,
  summary: 'The subscription: plan, term, items (renewListino.breakList), licences, card',
  answer: itemResponse(subscriptionSchema),
  answerKind: 'json',
  errors: [401, 403],
});

export const quote = defineRoute({
  id: 'subscription.quote',
  method: 'POST',
  path: '/api/v2/subscription/estimate',
  auth: 'session',
  principals: USER_ONLY,
  permission: read,
  tags: tags,
  summary: 'Quotes items and vouchers (cents, VAT excluded)',
  body: estimateRequest,
  answer: estimateResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const confirm = defineRoute({
  id: 'subscription.confirm',
  method: 'POST',
  path: '/api/v2/subscription/confirm',
  auth: 'session',
  principals: USER_ONLY,
  permission: buy,
  tags: tags,
  summary: 'Buys by bank transfer: pending with instructions; the subscription is confirmed at once',
  body: confirmRequest,
  answer: itemResponse(purchaseResult),
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const confirmCard = defineRoute({
  id: 'subscription.confirmCard',
  method: 'POST',
  path: '/api/v2/subscription/confirm/card',
  auth: 'session',
  principals: USER_ONLY,
  permission: buy,
  tags: tags,
  summary: 'Buys by card: succeeded, or requires_action with a 3-D Secure challenge',
  description: '0012 card invalid, 0026 card expired, CARD_DECLINED not authorised.',
  body: confirmCardRequest,
  answer: itemResponse(purchaseResult),
  answerKind: 'json',
  errors: [400, 401, 402, 403],
});

export const completeCardChallenge = defineRoute({
  id: 'subscription.completeCardChallenge',
  method: 'POST',
  path: '/api/v2/subscription/confirm/card/3ds',
  auth: 'session',
  principals: USER_ONLY,
  permission: buy,
  tags: tags,
  summary: 'Completes a card purchase after its 3-D Secure challenge',
  description: 'CARD_3DS_FAILED when failed or expired; CONFLICT while still pending.',
  body: threeDsCompleteRequest,
  answer: itemResponse(purchaseResult),
  answerKind: 'json',
  errors: [400, 401, 402, 403, 404, 409],
});

export const checkVoucher = defineRoute({
  id: 'subscription.checkVoucher',
  method: 'POST',
  path: '/api/subscription/voucher',
  auth: 'session',
  principals: USER_ONLY,
  permission: read,
  tags: tags,
  summary: 'Checks a discount code (0011 when not usable)',
  body: voucherRequest,
  answer: itemResponse(voucherSchema),
  answerKind: 'json',
  errors: [400, 401, 403],
});
