import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEDIA_SECTIONS } from '@fs/contract';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { actorOf } from '../../platform/auth/guard.js';
import { bearerAuth, errors, itemResponse, noQuery, okResponse, uuidParam } from '../../platform/http/schemas.js';
import * as service from './service.js';
import { SECTIONS } from './sections.js';

export const mediaRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post('/media/insert/:section/:id', {
    schema: {
      tags: ['media'], summary: 'Uploads a file of a section for its owner (multipart field "file")',
      description:
        'Sections: utente (profile photo of user {id}: PNG, JPEG, WebP or GIF, replaces the previous one; oneself or ' +
        'gestione_tecnici write). The type is sniffed from the content (415 otherwise); over MEDIA_MAX_BYTES answers 413.',
      security: bearerAuth, querystring: noQuery, consumes: ['multipart/form-data'],
      params: z.object({ section: z.enum(MEDIA_SECTIONS), id: z.string().min(1).max(64) }).strict(),
      response: { 200: itemResponse(z.object({ id: z.string() })), ...errors(400, 401, 403, 404, 413, 415) },
    },
  }, async (req) => {
    if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Atteso multipart/form-data');
    const maxBytes = SECTIONS[req.params.section].maxBytes(deps.config);
    const part = await req.file({ limits: { fileSize: maxBytes, files: 1, fields: 0 } });
    if (!part || part.fieldname !== 'file') {
      part?.file.resume();
      throw new AppError('VALIDATION', 'Campo "file" mancante', [{ path: 'file', message: 'obbligatorio' }]);
    }
    const item = await service.insert(deps, actorOf(req), req.params.section, req.params.id, part.file);
    return { success: true as const, item };
  });

  app.get('/media/get-content/:id', {
    schema: {
      tags: ['media'], summary: 'The bytes of a file, streamed', security: bearerAuth, params: uuidParam, querystring: noQuery,
      response: { 200: z.any().describe('file bytes'), ...errors(401, 403, 404) },
    },
  }, async (req, reply) => {
    const file = await service.content(deps, actorOf(req), req.params.id);
    return reply
      .header('content-type', file.contentType)
      .header('content-length', String(file.size))
      .header('content-disposition', service.contentDisposition('inline', file.filename))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=300')
      .send(file.body);
  });

  app.delete('/media/delete/:id', {
    schema: {
      tags: ['media'], summary: 'Deletes a file (same rights as uploading it)',
      security: bearerAuth, params: uuidParam, querystring: noQuery,
      response: { 200: okResponse, ...errors(401, 403, 404) },
    },
  }, async (req) => {
    await service.remove(deps, actorOf(req), req.params.id);
    return { success: true as const };
  });
};
