import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.js';
import { companyRoutes } from './company/routes.js';
import { optionsRoutes } from './options/routes.js';
import { companyMailRoutes } from './mail/routes.js';
import { apiKeyRoutes } from './api-keys/routes.js';
import { dataExportRoutes } from './data-export/routes.js';
import { webhookRoutes } from './webhooks/routes.js';
import { mexalRoutes } from './accounting/mexal/routes.js';
import { accountingRoutes } from './accounting/routes.js';

/** The company area's routes, registered under /api by features/index.ts. */
export const companyAreaRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  await app.register(companyRoutes, { deps });
  await app.register(optionsRoutes, { deps });
  await app.register(companyMailRoutes, { deps });
  await app.register(apiKeyRoutes, { deps });
  await app.register(dataExportRoutes, { deps });
  await app.register(webhookRoutes, { deps });
  await app.register(mexalRoutes, { deps });
  await app.register(accountingRoutes, { deps });
};
