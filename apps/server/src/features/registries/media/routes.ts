import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaSectionOfUrl, routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { AppError } from '../../../platform/errors.js';
import { contextOf } from '../../../platform/context.js';
import { contentDisposition } from '../../../platform/http/content-disposition.js';
import { removeReportFiles, reportFiles } from './report-files.js';
import * as service from './service.js';
import { usage } from './quota.js';
import { parseRange } from './range.js';
import { implement, type RouteHandler } from '../../../platform/http/route.js';

const table = routes.media;

export const mediaRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.insert, async (req) => {
    if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Atteso multipart/form-data');
    const length = Number(req.headers['content-length']);
    const item = await service.insert(
      contextOf(req),
      mediaSectionOfUrl(req.params.section),
      req.params.id,
      (maxBytes) => req.file({ limits: { fileSize: maxBytes, files: 1, fields: 0 }, throwFileSizeLimit: false }),
      Number.isFinite(length) && length > 0 ? length : undefined,
    );
    return { success: true as const, item };
  });

  const sendContent: RouteHandler<typeof table.content> = async (req, reply) => {
    const file = await service.content(contextOf(req), req.params.id);
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
  };
  implement(app, table.content, sendContent);
  implement(app, table.pdfContent, (req, reply) => sendContent(req, reply));

  implement(app, table.list, async (req) => ({
    success: true as const,
    items: await service.list(contextOf(req), mediaSectionOfUrl(req.params.section), req.params.id),
  }));

  implement(app, table.reportFiles, async (req) => ({
    success: true as const,
    items: await reportFiles(contextOf(req), req.params.section, req.params.id, req.query),
  }));

  implement(app, table.removeReportFiles, async (req) => ({
    success: true as const,
    removed: await removeReportFiles(contextOf(req), req.query.rapportinoId, req.query.ids),
  }));

  implement(app, table.update, async (req) => ({
    success: true as const,
    item: await service.update(contextOf(req), req.body),
  }));

  implement(app, table.remove, async (req) => {
    await service.remove(contextOf(req), req.params.id);
    return { success: true as const };
  });

  implement(app, table.usage, async (req) => ({
    success: true as const,
    item: await usage(contextOf(req)),
  }));
};
