import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.js';
import { referenceRoutes } from './reference/routes.js';
import { publicConfigRoutes } from './public-config/routes.js';
import { tourRoutes } from './tour/routes.js';
import { tablePreferenceRoutes } from './table-preferences/routes.js';

/** The shell area's routes, registered under /api by features/index.ts. */
export const shellRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  await app.register(referenceRoutes, { deps });
  await app.register(publicConfigRoutes, { deps });
  await app.register(tourRoutes, { deps });
  await app.register(tablePreferenceRoutes, { deps });
};
