import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { implement } from '../../../platform/http/route.js';
import * as fic from './fattureincloud/connection.js';
import * as accounting from './service.js';

const table = routes.accounting;
const ok = true as const;

/** Accounting integration (issue 29, decision 0051): Fatture in Cloud's OAuth and the export of reports. */
export const accountingRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.ficInit, async (req) => ({
    success: ok,
    ...(await fic.init(contextOf(req), req.query.redirectUri)),
  }));
  implement(app, table.ficLogin, async (req) => ({
    success: ok,
    ...(await fic.login(contextOf(req), req.body.code, req.body.state)),
  }));
  implement(app, table.ficLogout, async (req) => ({ success: ok, ...(await fic.logout(contextOf(req))) }));
  implement(app, table.ficCheck, async (req) => ({ success: ok, ...(await fic.check(contextOf(req))) }));
  implement(app, table.ficCompany, async (req) => ({
    success: ok,
    ...(await fic.chooseCompany(contextOf(req), req.body.id)),
  }));
  implement(app, table.exportReports, async (req) => ({
    success: ok,
    ...(await accounting.exportReports(contextOf(req), req.body.ids)),
  }));
  implement(app, table.reportExport, async (req) => ({
    success: ok,
    item: await accounting.reportExport(contextOf(req), req.params.id),
  }));
};
