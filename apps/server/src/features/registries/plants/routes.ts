import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.plants;

/** Plants (/impianti) and machines (/macchinari) of customers. */
export const plantRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  const id = (req: { params: { id: string } }) => req.params.id;

  implement(app, table.listImpianti, async (req) => ({
    success: true as const,
    items: await service.listImpianti(contextOf(req), id(req)),
  }));

  implement(app, table.getImpianto, async (req) => ({
    success: true as const,
    item: await service.getImpianto(contextOf(req), id(req)),
  }));

  implement(app, table.saveImpianto, async (req) => ({
    success: true as const,
    item: await service.saveImpianto(contextOf(req), req.body),
  }));

  implement(app, table.deleteImpianto, async (req) => {
    await service.deleteImpianto(contextOf(req), id(req));
    return { success: true as const };
  });

  implement(app, table.listMacchinari, async (req) => ({
    success: true as const,
    items: await service.listMacchinari(contextOf(req), id(req)),
  }));

  implement(app, table.getMacchinario, async (req) => ({
    success: true as const,
    item: await service.getMacchinario(contextOf(req), id(req)),
  }));

  implement(app, table.saveMacchinario, async (req) => ({
    success: true as const,
    item: await service.saveMacchinario(contextOf(req), req.body),
  }));

  implement(app, table.deleteMacchinario, async (req) => {
    await service.deleteMacchinario(contextOf(req), id(req));
    return { success: true as const };
  });
};
