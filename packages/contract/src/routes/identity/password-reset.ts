import { resetInitRequest, resetConfirmRequest } from '../../schemas.js';
import { okResponse, defineRoute, NOBODY } from '../define.js';

// The route table's `passwordReset` entries (implemented in apps/server/src/features/identity/password-reset/routes.ts).

export const requestReset = defineRoute({
  id: 'passwordReset.requestReset',
  method: 'POST',
  path: '/api/utenti/utente/reset-password/init',
  auth: 'public',
  principals: NOBODY,
  tags: ['auth'],
  summary: 'Mails a single-use password reset link (valid 1 hour by default)',
  description:
    'Unknown email answers 404 EMAIL_NOT_FOUND (the web shows the same neutral message). At most 3 requests per ' +
    'address and 10 per client address in an hour (429 RATE_LIMITED with Retry-After).',
  body: resetInitRequest,
  answer: okResponse,
  answerKind: 'json',
  errors: [400, 404, 429],
});

export const confirmReset = defineRoute({
  id: 'passwordReset.confirmReset',
  method: 'POST',
  path: '/api/utenti/utente/reset-password/confirm',
  auth: 'public',
  principals: NOBODY,
  tags: ['auth'],
  summary: 'Sets a new password with a reset link token and ends all sessions',
  description: 'A bad, expired or used token answers 401 RESET_TOKEN_INVALID.',
  body: resetConfirmRequest,
  answer: okResponse,
  answerKind: 'json',
  errors: [400, 401],
});
