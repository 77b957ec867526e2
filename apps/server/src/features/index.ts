import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../platform/deps.js';
import { identityRoutes } from './identity/routes.js';
import { billingRoutes } from './billing/routes.js';
import { companyAreaRoutes } from './company/routes.js';
import { shellRoutes } from './shell/routes.js';
import { registriesRoutes } from './registries/routes.js';
import { operationsRoutes } from './operations/routes.js';

/**
 * The product's areas, each registering its own features' routes (under /api).
 * identity: sign-in, session, SSO, password reset, users, groups;
 * billing: subscription, registration, paid options, company deletion;
 * company: the company's data and logo, its options (settings) and its own mail server;
 * shell: menu pages, countries and languages, public settings, first-access tour, column choices;
 * registries: customers, plants, machines, articles, job roles, media, CSV import;
 * operations: technician positions (work reports, documents, contracts, planner to come).
 */
export const areaRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  await app.register(identityRoutes, { deps });
  await app.register(billingRoutes, { deps });
  await app.register(companyAreaRoutes, { deps });
  await app.register(shellRoutes, { deps });
  await app.register(registriesRoutes, { deps });
  await app.register(operationsRoutes, { deps });
};
