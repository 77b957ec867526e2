import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campiConfigResponse,
  campoConfigSaveRequest,
  campoConfigSaveResponse,
  numerazioneResponse,
  numerazioneSaveRequest,
  posizioniResponse,
} from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { bearerAuth, errors, noQuery } from '../../../platform/http/schemas.js';
import * as service from './service.js';

const read = { key: 'personalizza_interventi', action: 'read' } as const;
const write = { key: 'personalizza_interventi', action: 'write' } as const;
const remove = { key: 'personalizza_interventi', action: 'delete' } as const;
const tags = ['report configuration'];

/** Custom configuration of the report (route /custom-intervention): custom fields, positions, numbering. */
export const reportConfigRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  app.get(
    '/configuration/intervento',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'The custom fields of the report, by position and order (removed ones aside)',
        description: 'Cached 3 hours by the web; not loaded on the lite plan (spec operations 1).',
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: campiConfigResponse, ...errors(401, 403) },
      },
    },
    async (req) => ({ success: true as const, items: await service.listCampi(contextOf(req)) }),
  );

  app.post(
    '/configuration/intervento',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: 'Creates (no id) or updates a custom field; ordine_posizione reorders its position (drag and drop)',
        description:
          'The type of a field that reports already hold values of cannot change (409 CONFLICT). A choice field needs its ' +
          'list; the default and the required value must fit the type.',
        security: bearerAuth,
        querystring: noQuery,
        body: campoConfigSaveRequest,
        response: { 200: campoConfigSaveResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({ success: true as const, item: await service.saveCampo(contextOf(req), req.body) }),
  );

  app.delete(
    '/configuration/intervento/remove/:id',
    {
      config: { permission: remove },
      schema: {
        tags,
        summary: 'Removes a custom field',
        description:
          'A field no report holds a value of is deleted; one that reports hold values of is hidden from the configuration ' +
          'and from new reports, and old reports keep showing it (esito "hidden").',
        security: bearerAuth,
        params: z.object({ id: z.string().uuid() }),
        querystring: noQuery,
        response: {
          200: z.object({ success: z.literal(true), esito: z.enum(['deleted', 'hidden']) }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (req) => ({ success: true as const, esito: await service.removeCampo(contextOf(req), req.params.id) }),
  );

  app.get(
    '/configuration/campi/posizione',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'The six positions of a report where custom fields sit, in the order the report shows them',
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: posizioniResponse, ...errors(401, 403) },
      },
    },
    async () => ({ success: true as const, items: service.posizioni() }),
  );

  app.get(
    '/numerazioni/numerazione',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'The numbering of reports: pattern, digits, yearly reset, the next number and a preview',
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: numerazioneResponse, ...errors(401, 403) },
      },
    },
    async (req) => ({ success: true as const, item: await service.getNumerazione(contextOf(req)) }),
  );

  app.post(
    '/numerazioni/numerazione',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: 'Saves the numbering; prossimo_numero moves the current counter forwards (never back)',
        security: bearerAuth,
        querystring: noQuery,
        body: numerazioneSaveRequest,
        response: { 200: numerazioneResponse, ...errors(400, 401, 403) },
      },
    },
    async (req) => ({ success: true as const, item: await service.saveNumerazione(contextOf(req), req.body) }),
  );
};
