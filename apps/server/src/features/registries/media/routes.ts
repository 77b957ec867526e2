import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MEDIA_LIST_SECTIONS,
  MEDIA_SECTIONS,
  MEDIA_URL_SECTIONS,
  mediaItem,
  mediaSectionOfUrl,
  mediaUpdateRequest,
  storageUsage,
} from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { AppError } from '../../../platform/errors.js';
import { actorOf } from '../../../platform/auth/guard.js';
import { contentDisposition } from '../../../platform/http/content-disposition.js';
import { bearerAuth, errors, itemResponse, noQuery, okResponse, uuidParam } from '../../../platform/http/schemas.js';
import { REPORT_FILE_SECTIONS, removeReportFiles, reportFiles } from './report-files.js';
import * as service from './service.js';
import { usage } from './quota.js';
import { parseRange } from './range.js';

const SECTIONS_DOC =
  'Sections: utente (profile photo of user {id}: PNG, JPEG, WebP or GIF up to MEDIA_MAX_BYTES, replaces the previous ' +
  'one; oneself or gestione_tecnici write); macchinario (photos and documents of machine {id}: images, PDF, ' +
  'DOCX/XLSX/PPTX, ODT/ODS/ODP up to MEDIA_DOC_MAX_BYTES, many per machine; clienti_macchinari write); contratto ' +
  '(also written contratti: documents of contract {id}, the same types and size, many per contract; contratti write). ' +
  'The type is sniffed from the content, never taken from the request (415 otherwise); over the size limit 413 ' +
  "PAYLOAD_TOO_LARGE; over the company's free space 413 STORAGE_QUOTA_EXCEEDED, before streaming when the " +
  'request length says so, otherwise while streaming. Nothing is kept of a refused upload.';

/** The URL names of sections besides their own (the spec's `contratti`). */
const URL_ALIASES = Object.keys(MEDIA_URL_SECTIONS) as (keyof typeof MEDIA_URL_SECTIONS)[];

export const mediaRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/media/insert/:section/:id',
    {
      schema: {
        tags: ['media'],
        summary: 'Uploads a file of a section for its owner (multipart field "file")',
        description: SECTIONS_DOC,
        security: bearerAuth,
        querystring: noQuery,
        consumes: ['multipart/form-data'],
        params: z
          .object({
            section: z.enum([...MEDIA_SECTIONS, ...URL_ALIASES]),
            id: z.string().min(1).max(64),
          })
          .strict(),
        response: { 200: itemResponse(mediaItem), ...errors(400, 401, 403, 404, 413, 415) },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Atteso multipart/form-data');
      const length = Number(req.headers['content-length']);
      const item = await service.insert(
        deps,
        actorOf(req),
        mediaSectionOfUrl(req.params.section),
        req.params.id,
        (maxBytes) => req.file({ limits: { fileSize: maxBytes, files: 1, fields: 0 }, throwFileSizeLimit: false }),
        Number.isFinite(length) && length > 0 ? length : undefined,
      );
      return { success: true as const, item };
    },
  );

  const contentRoute = (url: string, summary: string) =>
    app.get(
      url,
      {
        schema: {
          tags: ['media'],
          summary,
          description:
            'Images and PDF inline, other documents as attachments. One byte range (`Range: bytes=a-b`) answers 206. ' +
            "A report's PDF (POST /rapportini/rapportino/pdf) is read as the report is.",
          security: bearerAuth,
          params: uuidParam,
          querystring: noQuery,
          response: {
            200: z.any().describe('file bytes'),
            206: z.any().describe('a byte range'),
            416: z.any().describe('range past the end'),
            ...errors(401, 403, 404),
          },
        },
      },
      async (req, reply) => {
        const file = await service.content(deps, actorOf(req), req.params.id);
        const range = parseRange(req.headers.range, file.size);
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(file.disposition, file.filename))
          .header('accept-ranges', 'bytes')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, max-age=300');
        if (range === 'unsatisfiable') {
          return reply.code(416).header('content-range', `bytes */${file.size}`).send();
        }
        if (range) {
          return reply
            .code(206)
            .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
            .header('content-length', String(range.end - range.start + 1))
            .send(await file.open(range));
        }
        return reply.header('content-length', String(file.size)).send(await file.open());
      },
    );
  contentRoute('/media/get-content/:id', 'The bytes of a file, streamed');
  contentRoute(
    '/media/:id/content',
    'The bytes of a file, streamed (the path of the spec for a PDF: /media/{pdfId}/content)',
  );

  app.get(
    '/media/get-db/:section/:id',
    {
      schema: {
        tags: ['media'],
        summary: 'The files of one owner (a machine, a work report, a contract), newest first',
        description:
          "Section macchinario: needs clienti_macchinari read; another company's machine answers 404. Section " +
          'rapportino: read as the report is. Section contratti (or contratto): needs contratti read; another ' +
          "company's contract answers 404.",
        security: bearerAuth,
        querystring: noQuery,
        params: z.object({ section: z.enum([...MEDIA_LIST_SECTIONS, ...URL_ALIASES]), id: z.uuid() }).strict(),
        response: { 200: z.object({ success: z.literal(true), items: z.array(mediaItem) }), ...errors(401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      items: await service.list(deps, actorOf(req), mediaSectionOfUrl(req.params.section), req.params.id),
    }),
  );

  app.get(
    '/media/all-rapportini/:section/:id',
    {
      schema: {
        tags: ['media'],
        summary: "A report's files of one section (rapportino: attachments; rapportino-pdf: the printed PDF), filtered",
        description:
          'Query: tipo (immagini or documenti), q (part of the file name, case and accents aside). Read as the report ' +
          "is read: gestione_interventi read and one's own report, or the company's or colleagues' reports; another " +
          "company's report, or one the user may not see, answers 404. The signature's image is not listed.",
        security: bearerAuth,
        params: z.object({ section: z.enum(REPORT_FILE_SECTIONS), id: z.uuid() }).strict(),
        querystring: z
          .object({ tipo: z.enum(['immagini', 'documenti']).optional(), q: z.string().trim().max(100).optional() })
          .strict(),
        response: { 200: z.object({ success: z.literal(true), items: z.array(mediaItem) }), ...errors(400, 401, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      items: await reportFiles(deps, actorOf(req), req.params.section, req.params.id, req.query),
    }),
  );

  app.delete(
    '/rapportini/rapportino/media',
    {
      schema: {
        tags: ['media'],
        summary: 'Deletes attachments of a report (all or none): query rapportinoId and ids (comma-separated)',
        description:
          "Each id must be one of the report's attachments (404 otherwise, nothing deleted); rights as deleting an " +
          'attachment (gestione_interventi delete; own data: an assigned report); a completed report keeps its files ' +
          "(403). The signature's image is not an attachment: clear the signature instead. The bytes leave the quota.",
        security: bearerAuth,
        querystring: z
          .object({
            rapportinoId: z.uuid(),
            ids: z
              .string()
              .transform((v) =>
                v
                  .split(',')
                  .map((x) => x.trim())
                  .filter(Boolean),
              )
              .pipe(z.array(z.uuid()).min(1).max(100)),
          })
          .strict(),
        response: {
          200: z.object({ success: z.literal(true), removed: z.number().int() }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (req) => ({
      success: true as const,
      removed: await removeReportFiles(deps, actorOf(req), req.query.rapportinoId, req.query.ids),
    }),
  );

  app.post(
    '/media/update',
    {
      schema: {
        tags: ['media'],
        summary: 'Renames a file and/or sets its description',
        description:
          'Body `{ id, filename?, descrizione? }`. The name is made safe (no path, no control characters or quotes) and ' +
          'keeps the extension of the sniffed type; a profile photo keeps its fixed name. Same rights as uploading.',
        security: bearerAuth,
        querystring: noQuery,
        body: mediaUpdateRequest,
        response: { 200: itemResponse(mediaItem), ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, item: await service.update(deps, actorOf(req), req.body) }),
  );

  app.delete(
    '/media/delete/:id',
    {
      schema: {
        tags: ['media'],
        summary: 'Deletes a file (photo: as uploading; machine file: clienti_macchinari delete)',
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: okResponse, ...errors(401, 403, 404) },
      },
    },
    async (req) => {
      await service.remove(deps, actorOf(req), req.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/media/storage',
    {
      config: { permission: { key: 'gestione_abbonamento', action: 'read' } },
      schema: {
        tags: ['media'],
        summary: 'Storage space: used, free, limit (4 GB + 5 GB per storage slot) and use by section',
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: itemResponse(storageUsage), ...errors(401, 403) },
      },
    },
    async (req) => ({ success: true as const, item: await usage(deps, actorOf(req).aziendaId) }),
  );
};
