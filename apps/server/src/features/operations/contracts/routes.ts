import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { contentDisposition } from '../../../platform/http/content-disposition.js';
import { ceaseContract, deleteContract } from './lifecycle.js';
import { contractPdf } from './pdf.js';
import { saveContract } from './save.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.contracts;

/** Contracts (spec operations 3-5, 7; issue 13). Their activities are features/operations/activities. */
export const contractRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.ofCustomer, async (req) => ({
    success: true as const,
    items: await service.ofCustomer(contextOf(req), req.params.id),
  }));

  implement(app, table.list, async (req) => {
    const r = await service.list(contextOf(req), req.query);
    return {
      success: true as const,
      ...r,
      ...(r.tableInfos ? { columns: r.tableInfos.selectedColumns } : {}),
    };
  });

  implement(app, table.getContract, async (req) => ({
    success: true as const,
    item: await service.getContract(contextOf(req), req.params.id),
  }));

  implement(app, table.saveContract, async (req) => ({
    success: true as const,
    item: await saveContract(contextOf(req), req.body),
  }));

  implement(app, table.deleteContract, async (req) => {
    await deleteContract(contextOf(req), req.params.id);
    return { success: true as const };
  });

  implement(app, table.ceaseContract, async (req) => ({
    success: true as const,
    item: await ceaseContract(contextOf(req), req.params.id, req.body),
  }));

  implement(app, table.contractPdf, async (req, reply) => {
    const file = await contractPdf(contextOf(req), req.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition('inline', file.filename))
      .header('content-length', String(file.body.length))
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
};
