import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { sendTableExport } from '../../../platform/http/table-export.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.customers;

export const customerRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.listRefs, async (req) => ({
    success: true as const,
    ...(await service.listRefs(contextOf(req), req.query)),
  }));

  implement(app, table.list, async (req) => {
    const { citta, provincia, nazione, geolocalizzato, ...q } = req.query;
    return {
      success: true as const,
      ...(await service.listClienti(contextOf(req), q, { citta, provincia, nazione, geolocalizzato })),
    };
  });

  implement(app, table.exportCsv, async (req, reply) =>
    sendTableExport(reply, service.exportClienti(contextOf(req), req.query)),
  );

  implement(app, table.adminList, async (req) => {
    const { filters, ...q } = req.body;
    return { success: true as const, ...(await service.listClienti(contextOf(req), q, filters)) };
  });

  implement(app, table.getCliente, async (req) => ({
    success: true as const,
    item: await service.getCliente(contextOf(req), req.params.id),
  }));

  implement(app, table.saveCliente, async (req) => ({
    success: true as const,
    ...(await service.saveCliente(contextOf(req), req.body)),
  }));

  implement(app, table.removeClienti, async (req) => ({
    success: true as const,
    removed: await service.removeClienti(contextOf(req), req.body.ids),
  }));

  implement(app, table.setGeolocation, async (req) => ({
    success: true as const,
    item: await service.setGeolocation(contextOf(req), req.body),
  }));

  implement(app, table.saveRecapito, async (req) => ({
    success: true as const,
    item: await service.saveRecapito(contextOf(req), req.body),
  }));

  implement(app, table.deleteRecapito, async (req) => {
    await service.deleteRecapito(contextOf(req), req.params.id);
    return { success: true as const };
  });
};
