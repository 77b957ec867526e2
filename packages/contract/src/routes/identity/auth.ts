import { z } from 'zod';
import { SOURCES, DEVICE_ID_PATTERN, LOGIN_START } from '../../http.js';
import { loginRequest, loginItemSchema } from '../../schemas.js';
import { itemResponse, defineRoute, NOBODY } from '../define.js';

// The route table's `auth` entries (implemented in apps/server/src/features/identity/auth/routes.ts).

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

export const getStartKey = defineRoute({
  id: 'auth.getStartKey',
  method: 'GET',
  path: '/api/login/start-key',
  auth: 'public',
  principals: NOBODY,
  tags: ['auth'],
  summary: 'Public key for sealing the Login-Start header',
  answer: itemResponse(z.object({ jwk: z.record(z.string(), z.unknown()), alg: z.string(), enc: z.string() })),
  answerKind: 'json',
  errors: [],
});

export const login = defineRoute({
  id: 'auth.login',
  method: 'POST',
  path: '/api/login/login',
  auth: 'public',
  principals: NOBODY,
  tags: ['auth'],
  summary: 'Sign in with company VAT number, username and password',
  description:
    'Wrong username answers 401 0018, wrong password 401 0019, a disabled user 403 0030. Repeated failures ' +
    'from one address for one username are slowed, then refused with 429 RATE_LIMITED and Retry-After. ' +
    "Signing in ends the same user's sessions of the same source on other devices (they then answer 0017).",
  body: loginRequest,
  headers: loginHeaders,
  answer: itemResponse(loginItemSchema),
  answerKind: 'json',
  errors: [400, 401, 403, 429],
});
