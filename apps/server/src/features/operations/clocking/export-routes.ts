import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf, languageOf } from '../../../platform/context.js';
import { implement } from '../../../platform/http/route.js';
import { clockingExport } from './export.js';
import { sendClockingExport } from './export-file.js';

const table = routes.clocking;

/** The clockings' two files (issue 26, decision 0045): the XLSX of travel and allowances, the CSV of clockings. */
export const clockingExportRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.travelExport, async (req, reply) => {
    const ctx = contextOf(req);
    return sendClockingExport(reply, await clockingExport(ctx, req.query), 'xlsx', languageOf(ctx));
  });

  implement(app, table.csvExport, async (req, reply) => {
    const ctx = contextOf(req);
    return sendClockingExport(reply, await clockingExport(ctx, req.query), 'csv', languageOf(ctx));
  });
};
