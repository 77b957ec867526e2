import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { primed, streamOf } from '../../../platform/http/streams.js';
import { sendTableExport } from '../../../platform/http/table-export.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.articles;

/** Articles (spec operations sections 3, 7): page key anagrafica_articoli; articles are company data. */
export const articleRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.all, async (req, reply) => {
    // A stream skips the response serializer; the schema above documents the JSON it carries.
    const body = streamOf(req.log, 'articles catalogue', await primed(service.allJson(contextOf(req))));
    return reply.type('application/json; charset=utf-8').send(body as never);
  });

  implement(app, table.exportCsv, async (req, reply) =>
    sendTableExport(reply, service.exportArticoli(contextOf(req), req.query)),
  );

  implement(app, table.list, async (req) => {
    const { q, ...filters } = req.query;
    return { success: true as const, items: await service.filtered(contextOf(req), q, filters) };
  });

  implement(app, table.admin, async (req) => ({
    success: true as const,
    ...(await service.admin(contextOf(req), req.body)),
  }));

  implement(app, table.save, async (req) => ({
    success: true as const,
    ...(await service.save(contextOf(req), req.body)),
  }));

  implement(app, table.research, async (req) => ({
    success: true as const,
    items: await service.research(contextOf(req), req.body.q, req.body.limit),
  }));

  implement(app, table.removeArticles, async (req) => ({
    success: true as const,
    removed: await service.remove(contextOf(req), req.body.ids),
  }));
};
