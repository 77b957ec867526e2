import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { motivazioneRequest, motivazioneSchema, optionItemSchema, optionsConfirmRequest } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import { bearerAuth, errors, itemResponse, noQuery, okResponse, uuidParam } from '../../../platform/http/schemas.js';
import * as service from './service.js';

const itemsResponse = <T extends z.ZodType>(item: T) => z.object({ success: z.literal(true), items: z.array(item) });

export const optionsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/options/options',
    {
      schema: {
        tags: ['options'],
        summary: "The company's options (defaults where not set)",
        description:
          'One item per category: its main value and child_options. abilitazione: the company may use it (paid options once bought). ' +
          'The SMTP category only for users who may read the options page; its password is never answered (is_set tells whether one is stored).',
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: itemsResponse(optionItemSchema), ...errors(401) },
      },
    },
    async (req) => ({ success: true as const, items: await service.listOptions(deps, actorOf(req)) }),
  );

  app.post(
    '/options/options/confirm',
    {
      config: { permission: { key: 'opzioni', action: 'write' } },
      schema: {
        tags: ['options'],
        summary: 'Saves option values (the options screen)',
        description:
          'Every value is checked against its type (400 VALIDATION naming items.<i>.value). Paid options: only administrators change them, ' +
          'and switch them on only once bought (403). A secret sent as null is kept, as "" is removed.',
        security: bearerAuth,
        querystring: noQuery,
        body: optionsConfirmRequest,
        response: { 200: itemsResponse(optionItemSchema), ...errors(400, 401, 403) },
      },
    },
    async (req) => ({ success: true as const, items: await service.confirmOptions(deps, actorOf(req), req.body) }),
  );

  app.get(
    '/configuration/motivazioni',
    {
      config: { permission: { key: 'personalizza_interventi', action: 'read' } },
      schema: {
        tags: ['options'],
        summary: 'Reasons configuration (motivazioni)',
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: itemsResponse(motivazioneSchema), ...errors(401, 403) },
      },
    },
    async (req) => ({ success: true as const, items: await service.listMotivazioni(deps, actorOf(req).aziendaId) }),
  );

  app.post(
    '/configuration/motivazione',
    {
      config: { permission: { key: 'personalizza_interventi', action: 'write' } },
      schema: {
        tags: ['options'],
        summary: 'Creates (no id) or renames (id) a reason; the text is unique in the company (409)',
        security: bearerAuth,
        querystring: noQuery,
        body: motivazioneRequest,
        response: { 200: itemResponse(motivazioneSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({
      success: true as const,
      item: await service.saveMotivazione(deps, actorOf(req).aziendaId, req.body),
    }),
  );

  app.delete(
    '/configuration/motivazione/:id',
    {
      config: { permission: { key: 'personalizza_interventi', action: 'delete' } },
      schema: {
        tags: ['options'],
        summary: 'Deletes a reason',
        security: bearerAuth,
        querystring: noQuery,
        params: uuidParam,
        response: { 200: okResponse, ...errors(401, 403, 404) },
      },
    },
    async (req) => {
      await service.deleteMotivazione(deps, actorOf(req).aziendaId, req.params.id);
      return { success: true as const };
    },
  );
};
