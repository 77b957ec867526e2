import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aziendaSchema, aziendaUpdateRequest } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { AppError } from '../../../platform/errors.js';
import { actorOf } from '../../../platform/auth/guard.js';
import { contentDisposition } from '../../../platform/http/content-disposition.js';
import { bearerAuth, errors, itemResponse, noQuery } from '../../../platform/http/schemas.js';
import * as service from './service.js';

const read = { key: 'gestione_azienda', action: 'read' } as const;
const write = { key: 'gestione_azienda', action: 'write', adminOnly: true } as const;

export const companyRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/aziende/azienda',
    {
      config: { permission: read },
      schema: {
        tags: ['company'],
        summary: "The caller's company",
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: itemResponse(aziendaSchema), ...errors(401, 403) },
      },
    },
    async (req) => ({ success: true as const, item: await service.getCompany(deps, actorOf(req).aziendaId) }),
  );

  app.post(
    '/aziende/azienda',
    {
      config: { permission: write },
      schema: {
        tags: ['company'],
        summary: 'Updates the company (administrators only)',
        security: bearerAuth,
        querystring: noQuery,
        body: aziendaUpdateRequest,
        response: { 200: itemResponse(aziendaSchema), ...errors(400, 401, 403, 409) },
      },
    },
    async (req) => ({
      success: true as const,
      item: await service.updateCompany(deps, actorOf(req).aziendaId, req.body),
    }),
  );

  app.get(
    '/aziende/azienda/logo',
    {
      config: { permission: read },
      schema: {
        tags: ['company'],
        summary: 'The company logo image',
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: z.any().describe('image bytes'), ...errors(401, 403, 404) },
      },
    },
    async (req, reply) => {
      const logo = await service.getLogo(deps, actorOf(req).aziendaId);
      return reply
        .header('content-type', logo.contentType)
        .header('content-length', String(logo.size))
        .header('content-disposition', contentDisposition('inline', logo.filename))
        .header('cache-control', 'private, max-age=300')
        .send(logo.body);
    },
  );

  app.post(
    '/aziende/azienda/logo',
    {
      config: { permission: write },
      schema: {
        tags: ['company'],
        summary: 'Uploads the company logo (multipart field "file"; PNG, JPEG, WebP or GIF)',
        description: 'The type is sniffed from the content; others answer 415. Larger than LOGO_MAX_BYTES answers 413.',
        security: bearerAuth,
        querystring: noQuery,
        consumes: ['multipart/form-data'],
        response: { 200: itemResponse(z.object({ id: z.string() })), ...errors(400, 401, 403, 413, 415) },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Atteso multipart/form-data');
      const part = await req.file({ limits: { fileSize: deps.config.LOGO_MAX_BYTES, files: 1, fields: 0 } });
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw new AppError('VALIDATION', 'Campo "file" mancante', [{ path: 'file', message: 'obbligatorio' }]);
      }
      return { success: true as const, item: await service.replaceLogo(deps, actorOf(req).aziendaId, part.file) };
    },
  );
};
