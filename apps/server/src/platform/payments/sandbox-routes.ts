import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { PaymentGateway } from './gateway.js';
import { SandboxGateway } from './sandbox.js';
import { notFound } from '../errors.js';
import { implement } from '../http/route.js';

const table = routes.paymentSandbox;

/**
 * The sandbox's stand-in for the issuer's 3-D Secure page (web: /public/3ds-sandbox). Public, as
 * the bank's page is; a challenge id is 144 random bits. Registered only with the sandbox gateway.
 */
export const sandboxPaymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentGateway }> = async (app, { payments }) => {
  if (!(payments instanceof SandboxGateway)) return;
  const sandbox = payments;
  implement(app, table.challenge, async (req) => {
    const c = await sandbox.challenge(req.params.id);
    if (!c) throw notFound('Verifica 3-D Secure');
    return { success: true as const, item: c };
  });

  implement(app, table.decide, async (req) => ({
    success: true as const,
    item: await sandbox.decide(req.params.id, req.body.outcome),
  }));
};
