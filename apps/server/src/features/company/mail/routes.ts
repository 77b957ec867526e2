import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import { bearerAuth, errors, noQuery, okResponse } from '../../../platform/http/schemas.js';
import * as service from './service.js';

/** The company's own mail server: the connection test of the options screen. */
export const companyMailRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/mail/test-smtp',
    {
      config: { permission: { key: 'opzioni', action: 'write' } },
      schema: {
        tags: ['options'],
        summary: "Connects to the company's saved SMTP server (greeting, TLS, sign-in) and hangs up",
        description: "On failure 502 SMTP_FAILED with the server's error text as message.",
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: okResponse, ...errors(401, 403, 502) },
      },
    },
    async (req) => {
      await service.testSmtp(deps, actorOf(req).aziendaId);
      return { success: true as const };
    },
  );
};
