import { z } from 'zod';
import { paidOptionRequest, paidOptionConfirmRequest } from '../../options.js';
import { estimateSchema, purchaseResult } from '../../subscription.js';
import { itemResponse, defineRoute, USER_ONLY } from '../define.js';

// The route table's `paidOptions` entries: buying a paid option (apps/server/src/features/billing/paid-options).

/** Buying paid options: administrators only (spec platform section 6). */
const buy = { key: 'opzioni', action: 'read', adminOnly: true } as const;

export const estimateOption = defineRoute({
  id: 'paidOptions.estimateOption',
  method: 'POST',
  path: '/api/options/option/estimate',
  auth: 'session',
  principals: USER_ONLY,
  permission: buy,
  tags: ['options'],
  summary: 'Quote for a paid option (administrators only)',
  description:
    'The subscription service quotes item option:<key> × 1 (an addition to the current term, or a new term in trial). 409 when already active.',
  body: paidOptionRequest,
  answer: z.object({ success: z.literal(true), estimate: z.array(estimateSchema) }),
  answerKind: 'json',
  errors: [400, 401, 403, 409],
});

export const confirmOption = defineRoute({
  id: 'paidOptions.confirmOption',
  method: 'POST',
  path: '/api/options/option/confirm',
  auth: 'session',
  principals: USER_ONLY,
  permission: buy,
  tags: ['options'],
  summary: 'Buys a paid option after its quote (administrators only)',
  description:
    'Bank transfer: pending with instructions, the option active at once. Card: succeeded, or requires_action with a 3-D Secure ' +
    'challenge (complete it with POST /v2/subscription/confirm/card/3ds). Card errors as the subscription checkout.',
  body: paidOptionConfirmRequest,
  answer: itemResponse(purchaseResult),
  answerKind: 'json',
  errors: [400, 401, 402, 403, 409],
});
