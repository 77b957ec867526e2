import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.reportConfig;

/** Custom configuration of the report (route /custom-intervention): custom fields, positions, numbering. */
export const reportConfigRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.listCampi, async (req) => ({
    success: true as const,
    items: await service.listCampi(contextOf(req)),
  }));

  implement(app, table.saveCampo, async (req) => ({
    success: true as const,
    item: await service.saveCampo(contextOf(req), req.body),
  }));

  implement(app, table.removeCampo, async (req) => ({
    success: true as const,
    esito: await service.removeCampo(contextOf(req), req.params.id),
  }));

  implement(app, table.posizioni, async () => ({ success: true as const, items: service.posizioni() }));

  implement(app, table.getNumerazione, async (req) => ({
    success: true as const,
    item: await service.getNumerazione(contextOf(req)),
  }));

  implement(app, table.saveNumerazione, async (req) => ({
    success: true as const,
    item: await service.saveNumerazione(contextOf(req), req.body),
  }));
};
