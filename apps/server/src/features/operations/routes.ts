import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.js';
import { activityRoutes } from './activities/routes.js';
import { activityScheduleRoutes } from './activities/schedule-routes.js';
import { clockingExportRoutes } from './clocking/export-routes.js';
import { contractRoutes } from './contracts/routes.js';
import { geolocationRoutes } from './geolocation/routes.js';
import { clockingRoutes } from './clocking/routes.js';
import { reportConfigRoutes } from './report-config/routes.js';
import { reportRoutes } from './reports/routes.js';
import { scheduleRoutes } from './schedule/routes.js';
import { statisticsRoutes } from './statistics/routes.js';

/** The operations area's routes, registered under /api by features/index.ts. */
export const operationsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  await app.register(contractRoutes, { deps });
  await app.register(clockingExportRoutes, { deps });
  await app.register(activityRoutes, { deps });
  await app.register(activityScheduleRoutes, { deps });
  await app.register(geolocationRoutes, { deps });
  await app.register(clockingRoutes, { deps });
  await app.register(reportConfigRoutes, { deps });
  await app.register(reportRoutes, { deps });
  await app.register(scheduleRoutes, { deps });
  await app.register(statisticsRoutes, { deps });
};
