import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { threeDsChallengeSchema } from '@fs/contract';
import type { PaymentGateway } from './gateway.js';
import { SandboxGateway } from './sandbox.js';
import { errors, itemResponse, noQuery } from '../http/schemas.js';
import { notFound } from '../errors.js';

const params = z.object({ id: z.string().min(10).max(100) }).strict();

/**
 * The sandbox's stand-in for the issuer's 3-D Secure page (web: /public/3ds-sandbox). Public, as
 * the bank's page is; a challenge id is 144 random bits. Registered only with the sandbox gateway.
 */
export const sandboxPaymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentGateway }> = async (app, { payments }) => {
  if (!(payments instanceof SandboxGateway)) return;
  const sandbox = payments;
  app.get(
    '/public/3ds-sandbox/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'A sandbox 3-D Secure challenge (test gateway only)',
        params,
        querystring: noQuery,
        response: { 200: itemResponse(threeDsChallengeSchema), ...errors(400, 404) },
      },
    },
    async (req) => {
      const c = await sandbox.challenge(req.params.id);
      if (!c) throw notFound('Verifica 3-D Secure');
      return { success: true as const, item: c };
    },
  );

  app.post(
    '/public/3ds-sandbox/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'Passes or fails a sandbox 3-D Secure challenge (test gateway only)',
        params,
        querystring: noQuery,
        body: z.object({ outcome: z.enum(['pass', 'fail']) }).strict(),
        response: { 200: itemResponse(threeDsChallengeSchema), ...errors(400, 404, 409) },
      },
    },
    async (req) => ({ success: true as const, item: await sandbox.decide(req.params.id, req.body.outcome) }),
  );
};
