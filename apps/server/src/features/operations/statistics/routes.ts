import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { implement } from '../../../platform/http/route.js';
import { sendTableExport } from '../../../platform/http/table-export.js';
import { hoursCsv, materialsCsv } from './csv.js';
import * as general from './general-service.js';
import * as tabs from './tabs-service.js';

const table = routes.statistics;

/** Statistics (issue 27, decision 0046): the tabs' totals and rows, the two CSV exports. */
export const statisticsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.general, async (req) => general.general(contextOf(req), req.params));
  implement(app, table.generalSeries, async (req) => general.generalSeries(contextOf(req), req.query));
  implement(app, table.reportsOverall, async (req) => tabs.reportsOverall(contextOf(req), req.query));
  implement(app, table.reportsSeries, async (req) => general.reportsSeries(contextOf(req), req.query));
  implement(app, table.customersOverall, async (req) => tabs.customersOverall(contextOf(req), req.query));
  implement(app, table.customers, async (req) => tabs.customerList(contextOf(req), req.query));
  implement(app, table.contractsOverall, async (req) => tabs.contractsOverall(contextOf(req), req.query));
  implement(app, table.expiring, async (req) => tabs.expiring(contextOf(req), req.query));
  implement(app, table.contracts, async (req) => tabs.contractList(contextOf(req), req.query));
  implement(app, table.onCall, async (req) => tabs.onCall(contextOf(req), req.query));
  implement(app, table.maintenance, async (req) => tabs.maintenance(contextOf(req), req.query));
  implement(app, table.techniciansOverall, async (req) => tabs.techniciansOverall(contextOf(req), req.query));
  implement(app, table.technicians, async (req) => tabs.technicianList(contextOf(req), req.query));
  implement(app, table.hoursCsv, async (req, reply) => sendTableExport(reply, hoursCsv(contextOf(req), req.query)));
  implement(app, table.materialsCsv, async (req, reply) =>
    sendTableExport(reply, materialsCsv(contextOf(req), req.query)),
  );
};
