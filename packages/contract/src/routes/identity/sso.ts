import { z } from 'zod';
import { DEVICE_ID_PATTERN } from '../../http.js';
import { loginItemSchema } from '../../schemas.js';
import { SSO } from '../../sso-rules.js';
import { ssoStartRequest, ssoStartItemSchema, ssoLoginRequest } from '../../sso.js';
import { itemResponse, defineRoute, NOBODY } from '../define.js';

// The route table's `sso` entries (implemented in apps/server/src/features/identity/sso/routes.ts).

const ssoHeaders = z.object({
  'device-id': z.string().regex(DEVICE_ID_PATTERN, 'Device-Id: 16 caratteri alfanumerici'),
});

export const start = defineRoute({
  id: 'sso.start',
  method: 'POST',
  path: '/api/login/sso/start',
  auth: 'public',
  principals: NOBODY,
  tags: ['auth'],
  summary: 'Start single sign-on: the identity provider address to open',
  description:
    `Answers the provider's authorisation address (response type code, scopes "${SSO.scopes}", state ` +
    `${SSO.state}, PKCE S256, a nonce; return to PUBLIC_URL${SSO.webReturnPath}, or ${SSO.appReturnPath} for ` +
    'target app) and an opaque attempt handle, valid 10 minutes on this device, to send back with the code. ' +
    '404 SSO_DISABLED without an issuer, 502 SSO_UNAVAILABLE when the provider cannot be reached.',
  body: ssoStartRequest,
  headers: ssoHeaders,
  answer: itemResponse(ssoStartItemSchema),
  answerKind: 'json',
  errors: [400, 404, 502],
});

export const login = defineRoute({
  id: 'sso.login',
  method: 'POST',
  path: '/api/login/login/sso',
  auth: 'public',
  principals: NOBODY,
  tags: ['auth'],
  summary: 'Sign in with the code the identity provider sent back',
  description:
    'Exchanges the code of the attempt (same device), verifies the ID token and signs in the user whose email ' +
    'it carries, answering the same item as POST /login/login (a WEB session, APP for target app). Unknown or ' +
    'unverified email 401 0018, disabled user 403 0030, wrong state, bad, used or expired code 401 SSO_FAILED, ' +
    'provider unreachable 502 SSO_UNAVAILABLE.',
  body: ssoLoginRequest,
  headers: ssoHeaders,
  answer: itemResponse(loginItemSchema),
  answerKind: 'json',
  errors: [400, 401, 403, 404, 502],
});
