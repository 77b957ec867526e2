import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.js';
import { authRoutes } from './auth/routes.js';
import { sessionRoutes } from './session/routes.js';
import { passwordResetRoutes } from './password-reset/routes.js';
import { userRoutes } from './users/routes.js';
import { groupRoutes } from './groups/routes.js';
import { ssoRoutes } from './sso/routes.js';

/** The identity area's routes, registered under /api by features/index.ts. */
export const identityRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  await app.register(authRoutes, { deps });
  await app.register(sessionRoutes, { deps });
  await app.register(passwordResetRoutes, { deps });
  await app.register(userRoutes, { deps });
  await app.register(groupRoutes, { deps });
  await app.register(ssoRoutes, { deps });
};
