import { z } from 'zod';
import { sessionUserSchema, permissionsSchema, accessTokenResponse, languageRequest } from '../../schemas.js';
import { itemResponse, okResponse, defineRoute, NOBODY, USER_ONLY } from '../define.js';

// The route table's `session` entries (implemented in apps/server/src/features/identity/session/routes.ts).

export const sessionUser = defineRoute({
  id: 'session.sessionUser',
  method: 'GET',
  path: '/api/session/session',
  auth: 'session',
  principals: USER_ONLY,
  tags: ['session'],
  summary: 'The signed-in user with permissions and company (aziendamap)',
  answer: itemResponse(sessionUserSchema),
  answerKind: 'json',
  errors: [401],
});

export const permissions = defineRoute({
  id: 'session.permissions',
  method: 'GET',
  path: '/api/session/permissions',
  auth: 'session',
  principals: USER_ONLY,
  tags: ['session'],
  summary: 'Permissions of the signed-in user per page key',
  answer: itemResponse(permissionsSchema),
  answerKind: 'json',
  errors: [401],
});

export const refresh = defineRoute({
  id: 'session.refresh',
  method: 'GET',
  path: '/api/session/generate-access-token',
  auth: 'public',
  principals: NOBODY,
  tags: ['session'],
  summary: 'New access token for a refresh token (sent as Bearer); the refresh token rotates',
  description:
    'The refresh token is single use: the answer carries its successor. Presenting a used one ends the session (0015). ' +
    'Device-Id must be the device of the session (0021).',
  bearer: 'refresh-token',
  answer: accessTokenResponse,
  answerKind: 'json',
  errors: [401],
});

export const temporaryRefreshToken = defineRoute({
  id: 'session.temporaryRefreshToken',
  method: 'GET',
  path: '/api/session/temp/generate-refresh-token',
  auth: 'session',
  principals: USER_ONLY,
  tags: ['session'],
  summary: 'A short-lived single-use refresh token for this session and device',
  answer: itemResponse(z.object({ refreshToken: z.string(), expiresInSec: z.number() })),
  answerKind: 'json',
  errors: [401],
});

export const setLanguage = defineRoute({
  id: 'session.setLanguage',
  method: 'POST',
  path: '/api/session/language',
  auth: 'session',
  principals: USER_ONLY,
  tags: ['session'],
  summary: "Saves the signed-in user's interface language",
  body: languageRequest,
  answer: itemResponse(sessionUserSchema),
  answerKind: 'json',
  errors: [400, 401],
});

export const logout = defineRoute({
  id: 'session.logout',
  method: 'POST',
  path: '/api/login/logout',
  auth: 'session',
  principals: USER_ONLY,
  tags: ['auth'],
  summary: 'Ends this session',
  answer: okResponse,
  answerKind: 'json',
  errors: [401],
});
