import {
  apiKeyGenerateRequest,
  apiKeyGenerateResponse,
  apiKeyItem,
  apiKeyListResponse,
  apiKeyRollRequest,
} from '../../api-keys.js';
import type { Requirement } from '../../permissions.js';
import { defineRoute, itemResponse, uuidParam, USER_ONLY } from '../define.js';

// The route table's `apiKeys` entries (apps/server/src/features/company/api-keys; decision 0048). Admins only, and
// never with a key: key management stays with a signed-in administrator.

const tags = ['api-keys'];
const ADMIN: Requirement = { key: 'integrazioni_esterne', action: 'write', adminOnly: true };

export const list = defineRoute({
  id: 'apiKeys.list',
  method: 'GET',
  path: '/api/api-key/getall',
  auth: 'session',
  principals: USER_ONLY,
  permission: ADMIN,
  tags,
  summary: "The company's API keys (never the keys themselves: their first and last characters)",
  answer: apiKeyListResponse,
  answerKind: 'json',
  errors: [401, 403],
});

export const generate = defineRoute({
  id: 'apiKeys.generate',
  method: 'POST',
  path: '/api/api-key/generate',
  auth: 'session',
  principals: USER_ONLY,
  permission: ADMIN,
  tags,
  summary: 'Generates a key with a name, scopes, an optional expiry and rate limit; the key is answered this once',
  description:
    'Scopes are permission areas with read, write or delete, never more than the creator holds (403 otherwise). The ' +
    'key is sent as `Authorization: Bearer fsk_…` on the routes that accept it (security scheme apiKeyAuth).',
  body: apiKeyGenerateRequest,
  answer: apiKeyGenerateResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const roll = defineRoute({
  id: 'apiKeys.roll',
  method: 'POST',
  path: '/api/api-key/roll/:id',
  auth: 'session',
  principals: USER_ONLY,
  permission: ADMIN,
  tags,
  summary: 'Makes a new key with the same name and scopes; the old one keeps working for the days chosen (0-30)',
  description: '409 CONFLICT for a key revoked or expired. Answers the new key this once.',
  params: uuidParam,
  body: apiKeyRollRequest,
  answer: apiKeyGenerateResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});

export const remove = defineRoute({
  id: 'apiKeys.remove',
  method: 'DELETE',
  path: '/api/api-key/delete/:id',
  auth: 'session',
  principals: USER_ONLY,
  permission: ADMIN,
  tags,
  summary: 'Revokes a key at once (kept in the list as revoked, with who and when)',
  params: uuidParam,
  answer: itemResponse(apiKeyItem),
  answerKind: 'json',
  errors: [401, 403, 404],
});
