import type { Requirement } from '../../permissions.js';
import {
  webhookDictionaryResponse,
  webhookItem,
  webhookListResponse,
  webhookMessageParams,
  webhookMessageResponse,
  webhookMessagesQuery,
  webhookMessagesResponse,
  webhookReplayFailedRequest,
  webhookReplayFailedResponse,
  webhookSaveRequest,
  webhookSavedResponse,
  webhookSecretResponse,
} from '../../webhooks.js';
import { defineRoute, itemResponse, uuidParam, USER_ONLY } from '../define.js';

// The route table's `webhooks` entries (apps/server/src/features/company/webhooks; decision 0049). The spec's four
// calls (the dictionary, spelled `ditionary` as in the spec, the list, save, delete) and the delivery log's: messages,
// one message with its attempts, a test event, replays and the secret. Admins only, and never with a key.

const tags = ['webhooks'];
const ADMIN: Requirement = { key: 'integrazioni_esterne', action: 'write', adminOnly: true };
const common = { auth: 'session', principals: USER_ONLY, permission: ADMIN, tags, answerKind: 'json' } as const;

export const dictionary = defineRoute({
  ...common,
  id: 'webhooks.dictionary',
  method: 'GET',
  path: '/api/webhooks/ditionary',
  summary: 'The events an endpoint may subscribe to, each with a description and an example message body',
  answer: webhookDictionaryResponse,
  errors: [401, 403],
});

export const list = defineRoute({
  ...common,
  id: 'webhooks.list',
  method: 'GET',
  path: '/api/webhooks/webhooks',
  summary: "The company's endpoints with their state and the counts of their messages",
  answer: webhookListResponse,
  errors: [401, 403],
});

export const save = defineRoute({
  ...common,
  id: 'webhooks.save',
  method: 'POST',
  path: '/api/webhooks/webhook',
  summary: 'Creates an endpoint (answering its secret this once) or, with `id`, updates one',
  description:
    'A webhook needs a filled, valid URL (400 VALIDATION). Addresses in private, loopback and link-local ranges ' +
    '(literal or resolved) are refused (400 VALIDATION) unless the server allows them (WEBHOOKS_ALLOW_PRIVATE). ' +
    'Unknown events answer 400. At most 20 endpoints (409 CONFLICT).',
  body: webhookSaveRequest,
  answer: webhookSavedResponse,
  errors: [400, 401, 403, 404, 409],
});

export const remove = defineRoute({
  ...common,
  id: 'webhooks.remove',
  method: 'DELETE',
  path: '/api/webhooks/webhook/:id',
  summary: 'Deletes an endpoint with its messages and attempts',
  params: uuidParam,
  answer: itemResponse(webhookItem),
  errors: [401, 403, 404],
});

export const secret = defineRoute({
  ...common,
  id: 'webhooks.secret',
  method: 'GET',
  path: '/api/webhooks/webhook/:id/secret',
  summary: "The endpoint's signing secret (whsec_…), to verify its messages",
  params: uuidParam,
  answer: webhookSecretResponse,
  errors: [401, 403, 404],
});

export const rotateSecret = defineRoute({
  ...common,
  id: 'webhooks.rotateSecret',
  method: 'POST',
  path: '/api/webhooks/webhook/:id/rotate-secret',
  summary: 'Makes a new secret; for 24 hours messages carry a signature with the old one too',
  params: uuidParam,
  answer: webhookSavedResponse,
  errors: [401, 403, 404],
});

export const messages = defineRoute({
  ...common,
  id: 'webhooks.messages',
  method: 'GET',
  path: '/api/webhooks/webhook/:id/messages',
  summary: "The endpoint's messages, newest first, by state, a page at a time",
  params: uuidParam,
  query: webhookMessagesQuery,
  answer: webhookMessagesResponse,
  errors: [400, 401, 403, 404],
});

export const message = defineRoute({
  ...common,
  id: 'webhooks.message',
  method: 'GET',
  path: '/api/webhooks/webhook/:id/messages/:messageId',
  summary: 'One message with its body and every attempt (status, time, latency, the start of the answer)',
  params: webhookMessageParams,
  answer: webhookMessageResponse,
  errors: [400, 401, 403, 404],
});

export const test = defineRoute({
  ...common,
  id: 'webhooks.test',
  method: 'POST',
  path: '/api/webhooks/webhook/:id/test',
  summary: 'Sends a `webhook.test` message to the endpoint now (answers the message, delivered by the worker)',
  params: uuidParam,
  answer: webhookMessageResponse,
  errors: [401, 403, 404, 409],
});

export const replay = defineRoute({
  ...common,
  id: 'webhooks.replay',
  method: 'POST',
  path: '/api/webhooks/webhook/:id/messages/:messageId/replay',
  summary: 'Sends one message again now, with the same webhook-id (a new series of attempts)',
  params: webhookMessageParams,
  answer: webhookMessageResponse,
  errors: [400, 401, 403, 404, 409],
});

export const replayFailed = defineRoute({
  ...common,
  id: 'webhooks.replayFailed',
  method: 'POST',
  path: '/api/webhooks/webhook/:id/replay-failed',
  summary: 'Sends again every failed message of the endpoint created since `dal`',
  params: uuidParam,
  body: webhookReplayFailedRequest,
  answer: webhookReplayFailedResponse,
  errors: [400, 401, 403, 404, 409],
});
