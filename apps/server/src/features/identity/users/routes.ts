import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import * as service from './service.js';
import * as otp from './otp.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.users;

export const userRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  implement(app, table.listUsers, async (req) => ({
    success: true as const,
    ...(await service.listUsers(contextOf(req))),
  }));

  implement(app, table.getUser, async (req) => ({
    success: true as const,
    item: await service.getUser(contextOf(req), req.params.id),
  }));

  implement(app, table.saveUser, async (req) => ({
    success: true as const,
    item: await service.saveUser(contextOf(req), req.body),
  }));

  implement(app, table.deleteSignature, async (req) => ({
    success: true as const,
    item: await service.deleteSignature(contextOf(req), req.body?.id),
  }));

  implement(app, table.swapOrder, async (req) => {
    await service.swapOrder(contextOf(req), req.body.id1, req.body.id2);
    return { success: true as const };
  });

  implement(app, table.generateOtp, async (req) => otp.generateOtp(contextOf(req)));

  implement(app, table.appAccess, async (req) => ({
    success: true as const,
    item: await otp.appAccess(deps, req.body.otp, req.headers['device-id']),
  }));
};
