import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.publicConfig;

export const publicConfigRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  implement(app, table.publicConfig, async () => ({ success: true as const, item: service.publicConfig(deps.config) }));
};
