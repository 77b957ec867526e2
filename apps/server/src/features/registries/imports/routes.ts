import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { AppError } from '../../../platform/errors.js';
import { contextOf } from '../../../platform/context.js';
import { contentDisposition } from '../../../platform/http/content-disposition.js';
import { primed, streamOf } from '../../../platform/http/streams.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.imports;

/** CSV import of customers and articles: upload and mapping, the job, its progress and report. */
export const importRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  implement(app, table.mappingTables, async (req) => ({
    success: true as const,
    items: service.mappingTables(contextOf(req)),
  }));

  implement(app, table.mapping, async (req) => {
    if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Atteso multipart/form-data');
    const ctx = contextOf(req);
    service.assertMayImportAny(ctx);
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
          const s = await service.storeUpload(ctx, part.file);
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
    return { success: true as const, item: await service.createMapping(ctx, fields, stored) };
  });

  implement(app, table.startImport, async (req) => ({
    success: true as const,
    item: await service.startImport(contextOf(req), req.body),
  }));

  implement(app, table.recent, async (req) => ({
    success: true as const,
    items: await service.recent(contextOf(req)),
  }));

  implement(app, table.status, async (req) => ({
    success: true as const,
    item: await service.status(contextOf(req), req.params.id),
  }));

  implement(app, table.rejected, async (req) => ({
    success: true as const,
    ...(await service.rejected(contextOf(req), req.params.id, req.query.offset, req.query.limit)),
  }));

  implement(app, table.rejectedCsv, async (req, reply) => {
    const ctx = contextOf(req);
    const name = await service.rejectedFileName(ctx, req.params.id);
    const rows = await primed(service.rejectedCsv(ctx, req.params.id));
    const { stringify } = await import('csv-stringify');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', name))
      .header('x-content-type-options', 'nosniff')
      .send(streamOf(req.log, name, rows, stringify({ delimiter: ';', bom: true })));
  });
};
