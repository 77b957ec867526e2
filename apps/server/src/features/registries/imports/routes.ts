import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stringify } from 'csv-stringify';
import {
  importStatusSchema,
  mappingItemSchema,
  mappingTablesResponse,
  rejectedRowSchema,
  startImportRequest,
} from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { AppError } from '../../../platform/errors.js';
import { actorOf } from '../../../platform/auth/guard.js';
import { contentDisposition } from '../../../platform/http/content-disposition.js';
import { primed, streamOf } from '../../../platform/http/streams.js';
import { bearerAuth, errors, itemResponse, noQuery, uuidParam } from '../../../platform/http/schemas.js';
import * as service from './service.js';

const pageQuery = z
  .object({
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .strict();

/** CSV import of customers and articles: upload and mapping, the job, its progress and report. */
export const importRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/imports/mapping-tables',
    {
      schema: {
        tags: ['imports'],
        summary: 'The tables the caller may import into, with their fields (required ones, types, lengths)',
        description:
          "Only the fields the caller may import: the articles' prices (prezzo_vendita, prezzo_acquisto) need the prices " +
          'permission (read and write).',
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: mappingTablesResponse, ...errors(401) },
      },
    },
    async (req) => ({ success: true as const, items: service.mappingTables(actorOf(req)) }),
  );

  app.post(
    '/imports/mapping',
    {
      schema: {
        tags: ['imports'],
        summary:
          'Uploads a CSV (multipart: table, separator, headerInFirstLine, file; optional encoding) and answers its columns and a preview',
        description:
          'table `clienti` or `articoli`; separator `;`, `,` or `tab`; headerInFirstLine `true`/`false`; encoding `auto` (default), ' +
          '`utf-8` or `windows-1252`. The file streams to storage (at most IMPORT_MAX_BYTES). Missing fields answer 400 naming them. ' +
          'The answer proposes a mapping from the header names and shows the first rows with their errors under it.',
        security: bearerAuth,
        querystring: noQuery,
        consumes: ['multipart/form-data'],
        response: { 200: itemResponse(mappingItemSchema), ...errors(400, 401, 403, 413, 415) },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Atteso multipart/form-data');
      const actor = actorOf(req);
      service.assertMayImportAny(actor);
      const fields: Record<string, string> = {};
      let stored: { key: string; size: number; fileName: string } | null = null;
      try {
        for await (const part of req.parts({
          limits: { fileSize: deps.config.IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 },
        })) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || stored) {
              part.file.resume();
              continue;
            }
            const s = await service.storeUpload(deps, actor, part.file);
            stored = { ...s, fileName: part.filename || 'import.csv' };
          } else if (['table', 'separator', 'headerInFirstLine', 'encoding'].includes(part.fieldname)) {
            fields[part.fieldname] = String(part.value);
          }
        }
      } catch (e) {
        if (stored) await deps.storage.remove(stored.key).catch(() => {});
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE');
        throw e;
      }
      return { success: true as const, item: await service.createMapping(deps, actor, fields, stored) };
    },
  );

  app.post(
    '/imports/import',
    {
      schema: {
        tags: ['imports'],
        summary: 'Starts the import of an uploaded file with the chosen mapping (column → field); runs as a job',
        description:
          'Body `{ id, mapping: [{ column, field }] }`. Required fields must be mapped (400). One import at a time per company ' +
          '(409 CONFLICT). Needs write permission on the table (anagrafica_clienti or anagrafica_articoli); mapping a price ' +
          '(prezzo_vendita, prezzo_acquisto) also needs the prices permission, read and write (403 otherwise).',
        security: bearerAuth,
        querystring: noQuery,
        body: startImportRequest,
        response: { 200: itemResponse(importStatusSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({ success: true as const, item: await service.startImport(deps, actorOf(req), req.body) }),
  );

  app.get(
    '/imports/imports',
    {
      schema: {
        tags: ['imports'],
        summary: "The company's latest imports (20), newest first",
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: z.object({ success: z.literal(true), items: z.array(importStatusSchema) }), ...errors(401) },
      },
    },
    async (req) => ({ success: true as const, items: await service.recent(deps, actorOf(req)) }),
  );

  app.get(
    '/imports/import/:id',
    {
      schema: {
        tags: ['imports'],
        summary: 'Progress of an import: rows read, created, updated, rejected, percentage',
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: itemResponse(importStatusSchema), ...errors(401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, item: await service.status(deps, actorOf(req), req.params.id) }),
  );

  app.get(
    '/imports/import/:id/scarti',
    {
      schema: {
        tags: ['imports'],
        summary: 'Rejected rows of an import with their reasons, by page',
        security: bearerAuth,
        params: uuidParam,
        querystring: pageQuery,
        response: {
          200: z.object({
            success: z.literal(true),
            items: z.array(rejectedRowSchema),
            totaleElementi: z.number().int(),
          }),
          ...errors(401, 403, 404),
        },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await service.rejected(deps, actorOf(req), req.params.id, req.query.offset, req.query.limit)),
    }),
  );

  app.get(
    '/imports/import/:id/scarti.csv',
    {
      schema: {
        tags: ['imports'],
        summary: 'Rejected rows as a CSV file (line, reasons, the row as read), streamed',
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: z.any().describe('text/csv'), ...errors(401, 403, 404) },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const name = await service.rejectedFileName(deps, actor, req.params.id);
      const rows = await primed(service.rejectedCsv(deps, actor, req.params.id));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', name))
        .header('x-content-type-options', 'nosniff')
        .send(streamOf(req.log, name, rows, stringify({ delimiter: ';', bom: true })));
    },
  );
};
