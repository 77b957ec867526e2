import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resetConfirmRequest, resetInitRequest } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { errors, noQuery, okResponse } from '../../../platform/http/schemas.js';
import * as service from './service.js';

export const passwordResetRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/utenti/utente/reset-password/init',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Mails a single-use password reset link (valid 1 hour by default)',
        description:
          'Unknown email answers 404 EMAIL_NOT_FOUND (the web shows the same neutral message). At most 3 requests per ' +
          'address and 10 per client address in an hour (429 RATE_LIMITED with Retry-After).',
        querystring: noQuery,
        body: resetInitRequest,
        response: { 200: okResponse, ...errors(400, 404, 429) },
      },
    },
    async (req) => {
      await service.requestReset(deps, req.body.email, req.ip);
      return { success: true as const };
    },
  );

  app.post(
    '/utenti/utente/reset-password/confirm',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with a reset link token and ends all sessions',
        description: 'A bad, expired or used token answers 401 RESET_TOKEN_INVALID.',
        querystring: noQuery,
        body: resetConfirmRequest,
        response: { 200: okResponse, ...errors(400, 401) },
      },
    },
    async (req) => {
      await service.confirmReset(deps, req.body.token, req.body.password);
      return { success: true as const };
    },
  );
};
