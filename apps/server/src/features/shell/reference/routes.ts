import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { linguaSchema, menuItemSchema, nazioneSchema } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import { bearerAuth, errors, noQuery } from '../../../platform/http/schemas.js';
import * as service from './service.js';

export const referenceRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  app.get(
    '/navigazione/pagine-attive',
    {
      schema: {
        tags: ['reference'],
        summary: 'Menu items the caller may read',
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: z.object({ success: z.literal(true), pagine: z.array(menuItemSchema) }), ...errors(401) },
      },
    },
    async (req) => ({
      success: true as const,
      pagine: service.activePages(actorOf(req).permissions, undefined, actorOf(req).role === 'admin'),
    }),
  );

  app.get(
    '/nazioni/nazioni',
    {
      schema: {
        tags: ['reference'],
        summary: "Countries, named in the signed-in user's language",
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: z.object({ success: z.literal(true), nazioni: z.array(nazioneSchema) }), ...errors(401) },
      },
    },
    async (req) => ({ success: true as const, nazioni: service.countries(actorOf(req).lingua.toLowerCase()) }),
  );

  app.get(
    '/lingue/lingue',
    {
      schema: {
        tags: ['reference'],
        summary: 'Interface languages',
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: z.object({ success: z.literal(true), items: z.array(linguaSchema) }), ...errors(401) },
      },
    },
    async () => ({ success: true as const, items: service.languages() }),
  );
};
