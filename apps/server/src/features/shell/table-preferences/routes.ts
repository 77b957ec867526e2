import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tableInfosSchema, tablePreferenceRequest } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import { bearerAuth, errors, itemResponse, noQuery } from '../../../platform/http/schemas.js';
import * as service from './service.js';

/** Per-user table preferences (the column chooser of every list); any signed-in user, for themselves. */
export const tablePreferenceRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/tabelle/tabella/:tabella',
    {
      schema: {
        tags: ['lists'],
        summary: "tableInfos of a table: columns, min and max, defaults and the caller's choice",
        description:
          'Columns the caller may not see are neither offered nor chosen: the price columns (articles: prezzo_vendita, ' +
          'prezzo_acquisto; reports: totale) need the prices permission (read). 404 for an unknown table.',
        security: bearerAuth,
        params: z.object({ tabella: z.string().min(1).max(40) }).strict(),
        querystring: noQuery,
        response: { 200: itemResponse(tableInfosSchema), ...errors(401, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      item: await service.getTableInfos(deps, actorOf(req), req.params.tabella),
    }),
  );

  app.post(
    '/tabelle/preferenza',
    {
      schema: {
        tags: ['lists'],
        summary: "Saves the caller's columns of a table, in order (colonne null: back to the defaults)",
        description:
          'Fewer than minColumns or more than maxColumns, unknown or repeated columns answer 400 VALIDATION with field colonne (min, max, unknown, duplicate).',
        security: bearerAuth,
        querystring: noQuery,
        body: tablePreferenceRequest,
        response: { 200: itemResponse(tableInfosSchema), ...errors(400, 401, 404) },
      },
    },
    async (req) => ({ success: true as const, item: await service.savePreference(deps, actorOf(req), req.body) }),
  );
};
