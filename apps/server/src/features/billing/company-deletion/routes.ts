import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletionRequest, deletionStatus } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import { bearerAuth, errors, itemResponse, noBody, noQuery } from '../../../platform/http/schemas.js';
import * as service from './service.js';

const read = { key: 'gestione_azienda', action: 'read' } as const;
const admin = { key: 'gestione_azienda', action: 'write', adminOnly: true } as const;

/** Company deletion request, restore within 3 working hours, and the job that deletes. */
export const companyDeletionRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/aziende/azienda/richiesta-eliminazione',
    {
      config: { permission: read },
      schema: {
        tags: ['company'],
        summary: 'The pending deletion request of the company, if any',
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: itemResponse(deletionStatus), ...errors(401, 403) },
      },
    },
    async (req) => ({ success: true as const, item: await service.deletionStatus(deps, actorOf(req).aziendaId) }),
  );

  app.post(
    '/aziende/azienda/richiesta-eliminazione',
    {
      config: { permission: admin },
      schema: {
        tags: ['company'],
        summary: "Asks for the company's deletion (administrators only)",
        description:
          'Body `{ conferma: true }`. The data and files go 3 working hours later (Monday to Friday, 9:00-18:00 in the ' +
          'company time zone); until then `POST /aziende/azienda/ripristina` restores the company.',
        security: bearerAuth,
        querystring: noQuery,
        body: deletionRequest,
        response: { 200: itemResponse(deletionStatus), ...errors(400, 401, 403) },
      },
    },
    async (req) => ({ success: true as const, item: await service.requestDeletion(deps, actorOf(req).aziendaId) }),
  );

  app.post(
    '/aziende/azienda/ripristina',
    {
      config: { permission: admin },
      schema: {
        tags: ['company'],
        summary: 'Withdraws a pending deletion request (administrators only)',
        security: bearerAuth,
        querystring: noQuery,
        body: noBody,
        response: { 200: itemResponse(deletionStatus), ...errors(401, 403, 409) },
      },
    },
    async (req) => ({ success: true as const, item: await service.restore(deps, actorOf(req).aziendaId) }),
  );
};
