import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import * as service from './service.js';
import * as paid from './paid.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.options;

export const optionsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  implement(app, table.listOptions, async (req) => ({
    success: true as const,
    items: await service.listOptions(deps, actorOf(req)),
  }));

  implement(app, table.confirmOptions, async (req) => ({
    success: true as const,
    items: await service.confirmOptions(deps, actorOf(req), req.body),
  }));

  implement(app, table.testSmtp, async (req) => {
    await service.testSmtp(deps, actorOf(req).aziendaId);
    return { success: true as const };
  });

  implement(app, table.estimateOption, async (req) => ({
    success: true as const,
    estimate: [await paid.estimate(deps, actorOf(req).aziendaId, req.body)],
  }));

  implement(app, table.confirmOption, async (req) => ({
    success: true as const,
    item: await paid.confirm(deps, actorOf(req).aziendaId, req.body),
  }));

  implement(app, table.listMotivazioni, async (req) => ({
    success: true as const,
    items: await service.listMotivazioni(deps, actorOf(req).aziendaId),
  }));

  implement(app, table.saveMotivazione, async (req) => ({
    success: true as const,
    item: await service.saveMotivazione(deps, actorOf(req).aziendaId, req.body),
  }));

  implement(app, table.deleteMotivazione, async (req) => {
    await service.deleteMotivazione(deps, actorOf(req).aziendaId, req.params.id);
    return { success: true as const };
  });
};
