import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.js';
import { subscriptionRoutes } from './subscription/routes.js';
import { paidOptionsRoutes } from './paid-options/routes.js';
import { registrationRoutes } from './registration/routes.js';
import { companyDeletionRoutes } from './company-deletion/routes.js';

/** The billing area's routes, registered under /api by features/index.ts. */
export const billingRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  await app.register(subscriptionRoutes, { deps });
  await app.register(paidOptionsRoutes, { deps });
  await app.register(registrationRoutes, { deps });
  await app.register(companyDeletionRoutes, { deps });
};
