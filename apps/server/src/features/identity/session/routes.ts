import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessTokenResponse, languageRequest, permissionsSchema, sessionUserSchema } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf, bearer, deviceIdHeader } from '../../../platform/auth/guard.js';
import { bearerAuth, errors, itemResponse, noQuery, okResponse } from '../../../platform/http/schemas.js';
import * as service from './service.js';

export const sessionRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/session/session',
    {
      schema: {
        tags: ['session'],
        summary: 'The signed-in user with permissions and company (aziendamap)',
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: itemResponse(sessionUserSchema), ...errors(401) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      return { success: true as const, item: await service.sessionUser(deps, actor.aziendaId, actor.userId) };
    },
  );

  app.get(
    '/session/permissions',
    {
      schema: {
        tags: ['session'],
        summary: 'Permissions of the signed-in user per page key',
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: itemResponse(permissionsSchema), ...errors(401) },
      },
    },
    async (req) => ({ success: true as const, item: service.permissions(actorOf(req)) }),
  );

  app.get(
    '/session/generate-access-token',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['session'],
        summary: 'New access token for a refresh token (sent as Bearer); the refresh token rotates',
        description:
          'The refresh token is single use: the answer carries its successor. Presenting a used one ends the session (0015). ' +
          'Device-Id must be the device of the session (0021).',
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: accessTokenResponse, ...errors(401) },
      },
    },
    async (req) => ({ success: true as const, ...(await service.refresh(deps, bearer(req), deviceIdHeader(req))) }),
  );

  app.get(
    '/session/temp/generate-refresh-token',
    {
      schema: {
        tags: ['session'],
        summary: 'A short-lived single-use refresh token for this session and device',
        security: bearerAuth,
        querystring: noQuery,
        response: {
          200: itemResponse(z.object({ refreshToken: z.string(), expiresInSec: z.number() })),
          ...errors(401),
        },
      },
    },
    async (req) => ({ success: true as const, item: await service.temporaryRefreshToken(deps, actorOf(req)) }),
  );

  app.post(
    '/session/language',
    {
      schema: {
        tags: ['session'],
        summary: "Saves the signed-in user's interface language",
        security: bearerAuth,
        querystring: noQuery,
        body: languageRequest,
        response: { 200: itemResponse(sessionUserSchema), ...errors(400, 401) },
      },
    },
    async (req) => ({ success: true as const, item: await service.setLanguage(deps, actorOf(req), req.body.lingua) }),
  );

  app.post(
    '/login/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ends this session',
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: okResponse, ...errors(401) },
      },
    },
    async (req) => {
      await service.logout(deps, actorOf(req));
      return { success: true as const };
    },
  );
};
