import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { contentDisposition } from '../../../platform/http/content-disposition.js';
import { implement } from '../../../platform/http/route.js';
import * as service from './service.js';

const table = routes.dataExport;

/** Data export (decision 0047): start, the caller's exports, one export, its file. */
export const dataExportRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.start, async (req) => ({
    success: true as const,
    item: await service.start(contextOf(req), req.body),
  }));

  implement(app, table.list, async (req) => ({
    success: true as const,
    items: await service.list(contextOf(req)),
  }));

  implement(app, table.status, async (req) => ({
    success: true as const,
    item: await service.status(contextOf(req), req.params.id),
  }));

  implement(app, table.file, async (req, reply) => {
    const f = await service.file(contextOf(req), req.params.id);
    return reply
      .header('content-type', f.type)
      .header('content-length', String(f.size))
      .header('content-disposition', contentDisposition('attachment', f.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(f.body);
  });
};
