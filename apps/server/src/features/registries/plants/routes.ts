import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.plants;

/** Plants (/impianti) and machines (/macchinari) of customers. */
export const plantRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const id = (req: { params: { id: string } }) => req.params.id;

  implement(app, table.listImpianti, async (req) => ({
    success: true as const,
    items: await service.listImpianti(deps, actorOf(req).aziendaId, id(req)),
  }));

  implement(app, table.getImpianto, async (req) => ({
    success: true as const,
    item: await service.getImpianto(deps, actorOf(req).aziendaId, id(req)),
  }));

  implement(app, table.saveImpianto, async (req) => ({
    success: true as const,
    item: await service.saveImpianto(deps, actorOf(req).aziendaId, req.body),
  }));

  implement(app, table.deleteImpianto, async (req) => {
    await service.deleteImpianto(deps, actorOf(req).aziendaId, id(req));
    return { success: true as const };
  });

  implement(app, table.listMacchinari, async (req) => ({
    success: true as const,
    items: await service.listMacchinari(deps, actorOf(req).aziendaId, id(req)),
  }));

  implement(app, table.getMacchinario, async (req) => ({
    success: true as const,
    item: await service.getMacchinario(deps, actorOf(req).aziendaId, id(req)),
  }));

  implement(app, table.saveMacchinario, async (req) => ({
    success: true as const,
    item: await service.saveMacchinario(deps, actorOf(req).aziendaId, req.body),
  }));

  implement(app, table.deleteMacchinario, async (req) => {
    await service.deleteMacchinario(deps, actorOf(req).aziendaId, id(req));
    return { success: true as const };
  });
};
