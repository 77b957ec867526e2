import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.js';
import { mediaRoutes } from './media/routes.js';
import { importRoutes } from './imports/routes.js';
import { articleRoutes } from './articles/routes.js';
import { jobRoleRoutes } from './job-roles/routes.js';
import { customerRoutes } from './customers/routes.js';
import { plantRoutes } from './plants/routes.js';

/** The registries area's routes, registered under /api by features/index.ts. */
export const registriesRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  await app.register(mediaRoutes, { deps });
  await app.register(importRoutes, { deps });
  await app.register(articleRoutes, { deps });
  await app.register(jobRoleRoutes, { deps });
  await app.register(customerRoutes, { deps });
  await app.register(plantRoutes, { deps });
};
