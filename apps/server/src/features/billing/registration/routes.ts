import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cardInput,
  registerCheckoutQuery,
  registerCheckoutSummary,
  registerCheckRequest,
  registerInitItem,
  registerInitRequest,
} from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { errors, itemResponse, noQuery, okResponse } from '../../../platform/http/schemas.js';
import * as service from './service.js';
import { promoRoutes } from './promo-routes.js';

const pub = { auth: 'public' } as const;
const token = z.string().min(20).max(200);
const checkoutResult = z.discriminatedUnion('stato', [
  z.object({ stato: z.literal('completata'), card: z.object({ last4: z.string(), brand: z.string() }) }),
  z.object({ stato: z.literal('verifica_3ds'), challenge_id: z.string(), url: z.string() }),
]);

/** /access/register steps 1 to 4 (public: there is no session yet), then the promo variant. */
export const registrationRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/register/check',
    {
      config: pub,
      schema: {
        tags: ['registration'],
        summary: 'Checks registration data before going on (steps 1 and 2)',
        description:
          'Any subset of the fields. Passwords must match, terms must be accepted, the VAT number must pass its ' +
          'check digit (400 VALIDATION with fields); an email already used as a username or email answers 0010; ' +
          'a VAT number already registered answers 409 CONFLICT. At most 30 checks per client address in 10 minutes (429 RATE_LIMITED with Retry-After).',
        querystring: noQuery,
        body: registerCheckRequest,
        response: { 200: okResponse, ...errors(400, 409, 429) },
      },
    },
    async (req) => {
      await service.check(deps, req.body, req.ip);
      return { success: true as const };
    },
  );

  app.post(
    '/register/init',
    {
      config: pub,
      schema: {
        tags: ['registration'],
        summary: 'Creates the company in a 30-day free trial with its administrator',
        description:
          'Steps 1 and 2 together, one transaction: company, plan, technician licences, administrator (argon2id) ' +
          'and a checkout token (24 h) for steps 3 and 4. The administrator then signs in with the VAT number.',
        querystring: noQuery,
        body: registerInitRequest,
        response: { 200: itemResponse(registerInitItem), ...errors(400, 409, 429) },
      },
    },
    async (req) => ({ success: true as const, item: await service.init(deps, req.body, deps.clock.now(), req.ip) }),
  );

  app.get(
    '/register/checkout',
    {
      config: pub,
      schema: {
        tags: ['registration'],
        summary: 'Step 3: the card page (hosted_page) and the plan it is for',
        querystring: registerCheckoutQuery,
        response: {
          200: z.object({ success: z.literal(true), hosted_page: z.string(), item: registerCheckoutSummary }),
          ...errors(400, 404),
        },
      },
    },
    async (req) => ({ success: true as const, ...(await service.checkoutPage(deps, req.query.token)) }),
  );

  app.post(
    '/register/checkout',
    {
      config: pub,
      schema: {
        tags: ['registration'],
        summary: 'Step 3: puts a card on file for after the trial (nothing is charged)',
        description:
          'The payment gateway verifies the card (0012 invalid, 0026 expired, CARD_DECLINED). A card that needs ' +
          '3-D Secure answers `stato: verifica_3ds` with the challenge page; finish with POST /register/checkcarta3ds.',
        querystring: noQuery,
        body: z.object({ token, card: cardInput }).strict(),
        response: { 200: itemResponse(checkoutResult), ...errors(400, 402, 404) },
      },
    },
    async (req) => ({ success: true as const, item: await service.checkout(deps, req.body.token, req.body.card) }),
  );

  app.post(
    '/register/checkcarta3ds',
    {
      config: pub,
      schema: {
        tags: ['registration'],
        summary: 'Step 4: the 3-D Secure outcome; keeps the card when passed',
        description: 'CARD_3DS_FAILED when failed or expired, 409 CONFLICT while still pending.',
        querystring: noQuery,
        body: z.object({ token, challenge_id: z.string().min(10).max(100) }).strict(),
        response: { 200: itemResponse(checkoutResult), ...errors(400, 402, 404, 409) },
      },
    },
    async (req) => ({
      success: true as const,
      item: await service.checkCard3ds(deps, req.body.token, req.body.challenge_id),
    }),
  );

  await app.register(promoRoutes, { deps });
};
