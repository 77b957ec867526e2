import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { implement } from '../../../platform/http/route.js';
import * as service from './service.js';

/** The company's own mail server: the connection test of the options screen. */
export const companyMailRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, routes.mail.testSmtp, async (req) => {
    await service.testSmtp(contextOf(req));
    return { success: true as const };
  });
};
