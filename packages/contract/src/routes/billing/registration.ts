import { z } from 'zod';
import {
  registerCheckRequest,
  registerInitRequest,
  registerInitItem,
  registerCheckoutQuery,
  registerCheckoutSummary,
} from '../../registration.js';
import { cardInput } from '../../subscription.js';
import { okResponse, itemResponse, defineRoute, NOBODY } from '../define.js';

// The route table's `registration` entries (implemented in apps/server/src/features/billing/registration/routes.ts).

const token = z.string().min(20).max(200);
const checkoutResult = z.discriminatedUnion('stato', [
  z.object({ stato: z.literal('completata'), card: z.object({ last4: z.string(), brand: z.string() }) }),
  z.object({ stato: z.literal('verifica_3ds'), challenge_id: z.string(), url: z.string() }),
]);

export const check = defineRoute({
  id: 'registration.check',
  method: 'POST',
  path: '/api/register/check',
  auth: 'public',
  principals: NOBODY,
  tags: ['registration'],
  summary: 'Checks registration data before going on (steps 1 and 2)',
  description:
    'Any subset of the fields. Passwords must match, terms must be accepted, the VAT number must pass its ' +
    'check digit (400 VALIDATION with fields); an email already used as a username or email answers 0010; ' +
    'a VAT number already registered answers 409 CONFLICT. At most 30 checks per client address in 10 minutes (429 RATE_LIMITED with Retry-After).',
  body: registerCheckRequest,
  answer: okResponse,
  answerKind: 'json',
  errors: [400, 409, 429],
});

export const init = defineRoute({
  id: 'registration.init',
  method: 'POST',
  path: '/api/register/init',
  auth: 'public',
  principals: NOBODY,
  tags: ['registration'],
  summary: 'Creates the company in a 30-day free trial with its administrator',
  description:
    'Steps 1 and 2 together, one transaction: company, plan, technician licences, administrator (argon2id) ' +
    'and a checkout token (24 h) for steps 3 and 4. The administrator then signs in with the VAT number.',
  body: registerInitRequest,
  answer: itemResponse(registerInitItem),
  answerKind: 'json',
  errors: [400, 409, 429],
});

export const checkoutPage = defineRoute({
  id: 'registration.checkoutPage',
  method: 'GET',
  path: '/api/register/checkout',
  auth: 'public',
  principals: NOBODY,
  tags: ['registration'],
  summary: 'Step 3: the card page (hosted_page) and the plan it is for',
  query: registerCheckoutQuery,
  answer: z.object({ success: z.literal(true), hosted_page: z.string(), item: registerCheckoutSummary }),
  answerKind: 'json',
  errors: [400, 404],
});

export const checkout = defineRoute({
  id: 'registration.checkout',
  method: 'POST',
  path: '/api/register/checkout',
  auth: 'public',
  principals: NOBODY,
  tags: ['registration'],
  summary: 'Step 3: puts a card on file for after the trial (nothing is charged)',
  description:
    'The payment gateway verifies the card (0012 invalid, 0026 expired, CARD_DECLINED). A card that needs ' +
    '3-D Secure answers `stato: verifica_3ds` with the challenge page; finish with POST /register/checkcarta3ds.',
  body: z.object({ token, card: cardInput }).strict(),
  answer: itemResponse(checkoutResult),
  answerKind: 'json',
  errors: [400, 402, 404],
});

export const checkCard3ds = defineRoute({
  id: 'registration.checkCard3ds',
  method: 'POST',
  path: '/api/register/checkcarta3ds',
  auth: 'public',
  principals: NOBODY,
  tags: ['registration'],
  summary: 'Step 4: the 3-D Secure outcome; keeps the card when passed',
  description: 'CARD_3DS_FAILED when failed or expired, 409 CONFLICT while still pending.',
  body: z.object({ token, challenge_id: z.string().min(10).max(100) }).strict(),
  answer: itemResponse(checkoutResult),
  answerKind: 'json',
  errors: [400, 402, 404, 409],
});
