import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOGIN_START, routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import * as service from './service.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.auth;

export const authRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  implement(app, table.getStartKey, async () => ({
    success: true as const,
    item: { jwk: deps.sealer.publicJwk as Record<string, unknown>, alg: LOGIN_START.alg, enc: LOGIN_START.enc },
  }));

  implement(app, table.login, async (req) => {
    const h = req.headers;
    const item = await service.login(deps, req.body, {
      ip: req.ip,
      source: h.source,
      deviceId: h['device-id'],
      start: h['login-start'],
    });
    return { success: true as const, item };
  });
};
