import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { itemResponse, noQuery } from '../../../platform/http/schemas.js';
import * as service from './service.js';

export const publicConfigRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/config/public',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Runtime settings the web needs before sign-in',
        description: 'Whether single sign-on is configured, and the live-chat widget script address (null when none).',
        querystring: noQuery,
        response: { 200: itemResponse(publicConfigSchema) },
      },
    },
    async () => ({ success: true as const, item: service.publicConfig(deps.config) }),
  );
};
