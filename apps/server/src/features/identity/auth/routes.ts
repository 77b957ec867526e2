import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEVICE_ID_PATTERN, LOGIN_START, loginItemSchema, loginRequest, SOURCES } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { errors, itemResponse, noQuery } from '../../../platform/http/schemas.js';
import * as service from './service.js';

const loginHeaders = z.object({
  source: z.enum(SOURCES).default('WEB').describe('Client kind: WEB, APP or API'),
  'device-id': z.string().regex(DEVICE_ID_PATTERN, 'Device-Id: 16 caratteri alfanumerici'),
  'login-start': z
    .string()
    .max(4096)
    .optional()
    .describe(
      `Sealed start header: compact JWE (${LOGIN_START.alg}, ${LOGIN_START.enc}) of {startedAt, nonce, deviceId} ` +
        'made with the key of GET /api/login/start-key. Optional; when sent, a stale (over 2 minutes), ' +
        'tampered, foreign-device or already used one answers 400 BAD_START_HEADER.',
    ),
});

export const authRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/login/start-key',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Public key for sealing the Login-Start header',
        querystring: noQuery,
        response: {
          200: itemResponse(z.object({ jwk: z.record(z.string(), z.unknown()), alg: z.string(), enc: z.string() })),
        },
      },
    },
    async () => ({
      success: true as const,
      item: { jwk: deps.sealer.publicJwk as Record<string, unknown>, alg: LOGIN_START.alg, enc: LOGIN_START.enc },
    }),
  );

  app.post(
    '/login/login',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with company VAT number, username and password',
        description:
          'Wrong username answers 401 0018, wrong password 401 0019, a disabled user 403 0030. Repeated failures ' +
          'from one address for one username are slowed, then refused with 429 RATE_LIMITED and Retry-After. ' +
          "Signing in ends the same user's sessions of the same source on other devices (they then answer 0017).",
        headers: loginHeaders,
        querystring: noQuery,
        body: loginRequest,
        response: { 200: itemResponse(loginItemSchema), ...errors(400, 401, 403, 429) },
      },
    },
    async (req) => {
      const h = req.headers;
      const item = await service.login(deps, req.body, {
        ip: req.ip,
        source: h.source,
        deviceId: h['device-id'],
        start: h['login-start'],
      });
      return { success: true as const, item };
    },
  );
};
