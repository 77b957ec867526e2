import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEVICE_ID_PATTERN,
  loginItemSchema,
  SSO,
  ssoLoginRequest,
  ssoStartItemSchema,
  ssoStartRequest,
} from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { errors, itemResponse, noQuery } from '../../../platform/http/schemas.js';
import * as service from './service.js';

const ssoHeaders = z.object({
  'device-id': z.string().regex(DEVICE_ID_PATTERN, 'Device-Id: 16 caratteri alfanumerici'),
});

export const ssoRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/login/sso/start',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Start single sign-on: the identity provider address to open',
        description:
          `Answers the provider's authorisation address (response type code, scopes "${SSO.scopes}", state ` +
          `${SSO.state}, PKCE S256, a nonce; return to PUBLIC_URL${SSO.webReturnPath}, or ${SSO.appReturnPath} for ` +
          'target app) and an opaque attempt handle, valid 10 minutes on this device, to send back with the code. ' +
          '404 SSO_DISABLED without an issuer, 502 SSO_UNAVAILABLE when the provider cannot be reached.',
        headers: ssoHeaders,
        querystring: noQuery,
        body: ssoStartRequest,
        response: { 200: itemResponse(ssoStartItemSchema), ...errors(400, 404, 502) },
      },
    },
    async (req) => ({ success: true as const, item: await service.start(deps, req.body, req.headers['device-id']) }),
  );

  app.post(
    '/login/login/sso',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the code the identity provider sent back',
        description:
          'Exchanges the code of the attempt (same device), verifies the ID token and signs in the user whose email ' +
          'it carries, answering the same item as POST /login/login (a WEB session, APP for target app). Unknown or ' +
          'unverified email 401 0018, disabled user 403 0030, wrong state, bad, used or expired code 401 SSO_FAILED, ' +
          'provider unreachable 502 SSO_UNAVAILABLE.',
        headers: ssoHeaders,
        querystring: noQuery,
        body: ssoLoginRequest,
        response: { 200: itemResponse(loginItemSchema), ...errors(400, 401, 403, 404, 502) },
      },
    },
    async (req) => ({ success: true as const, item: await service.login(deps, req.body, req.headers['device-id']) }),
  );
};
