import { z } from 'zod';
import { threeDsChallengeSchema } from '../../subscription.js';
import { itemResponse, defineRoute, NOBODY } from '../define.js';

// The route table's `paymentSandbox` entries (implemented in apps/server/src/platform/payments/sandbox-routes.ts).

const params = z.object({ id: z.string().min(10).max(100) }).strict();

export const challenge = defineRoute({
  id: 'paymentSandbox.challenge',
  method: 'GET',
  path: '/api/public/3ds-sandbox/:id',
  auth: 'public',
  principals: NOBODY,
  onlyWith: 'payment-sandbox',
  tags: ['payments'],
  summary: 'A sandbox 3-D Secure challenge (test gateway only)',
  params: params,
  answer: itemResponse(threeDsChallengeSchema),
  answerKind: 'json',
  errors: [400, 404],
});

export const decide = defineRoute({
  id: 'paymentSandbox.decide',
  method: 'POST',
  path: '/api/public/3ds-sandbox/:id',
  auth: 'public',
  principals: NOBODY,
  onlyWith: 'payment-sandbox',
  tags: ['payments'],
  summary: 'Passes or fails a sandbox 3-D Secure challenge (test gateway only)',
  params: params,
  body: z.object({ outcome: z.enum(['pass', 'fail']) }).strict(),
  answer: itemResponse(threeDsChallengeSchema),
  answerKind: 'json',
  errors: [400, 404, 409],
});
