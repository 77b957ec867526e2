import { z } from 'zod';
import { isoDateTime } from './dates.js';
import { httpAddress } from './fields.js';
import { userRefSchema } from './users.js';

/**
 * Webhooks (issue 28 part 2; decision 0049): a company's endpoints receive the product's events, signed as the
 * Standard Webhooks specification says (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256
 * of id.timestamp.body>` with the endpoint's `whsec_` secret). The body of every message is
 * `{ "type": <event>, "timestamp": <ISO instant>, "data": <the event's payload> }`.
 * Admins only (permission integrazioni_esterne, admin).
 */

/** How many endpoints a company may have. */
export const WEBHOOK_MAX_ENDPOINTS = 20;
export const WEBHOOK_URL_MAX = 2000;
/** One attempt waits at most this long for an answer (ms). */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/**
 * When each attempt is made, from the message's creation (Svix's schedule): at once, then after 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h and 10 h (each with up to ±20 % jitter; a longer `Retry-After` is honoured). After the last the
 * message has failed.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
/** An endpoint whose every attempt failed for this long is disabled and the admins are mailed. */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 24 * 3_600_000;
/** How much of an answer's body an attempt keeps (characters). */
export const WEBHOOK_ANSWER_KEPT = 500;
/** After a rotation, messages are signed with the old secret too for this long. */
export const WEBHOOK_OLD_SECRET_HOURS = 24;
/** A secret: `whsec_` + base64 of 24 random bytes. */
export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{32}$/;

/** The event that only the "send a test event" button sends (not in the dictionary's subscribable events). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** A webhook needs a filled, valid URL (spec): http(s), no user or password, at most 2,000 characters. */
export const webhookUrl = httpAddress(WEBHOOK_URL_MAX, {
  required: "L'URL è obbligatorio",
  tooLong: 'URL troppo lungo',
  invalid: 'URL non valido: deve iniziare con https:// (o http://) e non contenere credenziali',
});

/** POST /webhooks/webhook: creates an endpoint, or updates one when `id` is given. */
export const webhookSaveRequest = z
  .object({
    id: z.uuid().optional(),
    url: webhookUrl,
    descrizione: z.string().trim().max(200).optional().default(''),
    /** Event names of the dictionary; at least one. */
    eventi: z.array(z.string().min(1).max(64)).min(1, 'Scegliere almeno un evento').max(64),
    /** A disabled endpoint receives nothing; enabling it again resets its failure count. */
    attivo: z.boolean().optional().default(true),
  })
  .strict();
export type WebhookSaveRequest = z.input<typeof webhookSaveRequest>;

export const WEBHOOK_STATES = ['ATTIVO', 'DISABILITATO'] as const;
/** Why an endpoint was disabled: by an admin, by a 410 answer, by 5 days of failures. */
export const WEBHOOK_DISABLED_REASONS = ['MANUALE', 'GONE_410', 'FALLIMENTI'] as const;

export const webhookItem = z.object({
  id: z.string(),
  url: z.string(),
  descrizione: z.string(),
  eventi: z.array(z.string()),
  stato: z.enum(WEBHOOK_STATES),
  motivoDisabilitazione: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  disabilitatoIl: z.string().nullable(),
  creatoDa: userRefSchema.nullable(),
  creatoIl: z.string(),
  /** The secret's first characters (whsec_abcd…), never the whole secret outside the secret call. */
  indizioSegreto: z.string(),
  /** Until when the previous secret also signs (after a rotation), or null. */
  segretoPrecedenteFino: z.string().nullable(),
  /** Since when every attempt has failed (null when the last one succeeded). */
  falliscaDal: z.string().nullable(),
  /** Counts of the endpoint's messages by state. */
  conteggi: z.object({ inAttesa: z.number().int(), consegnati: z.number().int(), falliti: z.number().int() }),
});
export type WebhookItem = z.infer<typeof webhookItem>;

export const webhookListResponse = z.object({ success: z.literal(true), items: z.array(webhookItem) });
/** The answer of a creation and of a rotation carries the whole secret. */
export const webhookSavedResponse = z.object({
  success: z.literal(true),
  item: webhookItem,
  segreto: z.string().optional(),
});
export const webhookSecretResponse = z.object({ success: z.literal(true), segreto: z.string() });

/** GET /webhooks/ditionary: the events an endpoint may subscribe to. */
export const webhookDictionaryEntry = z.object({
  evento: z.string(),
  versione: z.number().int(),
  descrizione: z.string(),
  description: z.string(),
  /** A complete example of the message body: { type, timestamp, data }. */
  esempio: z.unknown(),
});
export const webhookDictionaryResponse = z.object({ success: z.literal(true), items: z.array(webhookDictionaryEntry) });

export const WEBHOOK_MESSAGE_STATES = ['IN_ATTESA', 'CONSEGNATO', 'FALLITO'] as const;
export type WebhookMessageState = (typeof WEBHOOK_MESSAGE_STATES)[number];

export const webhookAttempt = z.object({
  id: z.string(),
  at: z.string(),
  /** The HTTP status answered, or null when none came (refused address, timeout, connection error). */
  status: z.number().int().nullable(),
  latenzaMs: z.number().int().nullable(),
  /** The start of the answer's body, or the error. */
  risposta: z.string(),
  esito: z.enum(['OK', 'ERRORE']),
});

export const webhookMessage = z.object({
  /** The `webhook-id` (msg_…): the same on every attempt and on a replay, so a receiver can drop duplicates. */
  id: z.string(),
  evento: z.string(),
  stato: z.enum(WEBHOOK_MESSAGE_STATES),
  creatoIl: z.string(),
  tentativi: z.number().int(),
  prossimoTentativo: z.string().nullable(),
  ultimoStatus: z.number().int().nullable(),
});
export type WebhookMessage = z.infer<typeof webhookMessage>;

export const webhookMessagesQuery = z
  .object({
    stato: z.enum(WEBHOOK_MESSAGE_STATES).optional(),
    /** Messages created before this one (its id), newest first: the next page. */
    prima: z.string().min(1).max(64).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional().default(25),
  })
  .strict();

export const webhookMessagesResponse = z.object({
  success: z.literal(true),
  items: z.array(webhookMessage),
  /** Pass as `prima` for the next page, or null at the end. */
  prossima: z.string().nullable(),
});

export const webhookMessageDetail = webhookMessage.extend({
  payload: z.unknown(),
  tentativiDettaglio: z.array(webhookAttempt),
});
export const webhookMessageResponse = z.object({ success: z.literal(true), item: webhookMessageDetail });

export const webhookReplayFailedRequest = z.object({ dal: isoDateTime }).strict();
export const webhookReplayFailedResponse = z.object({ success: z.literal(true), rimessi: z.number().int() });
export const webhookMessageParams = z
  .object({ id: z.uuid(), messageId: z.string().regex(/^msg_[0-9A-Za-z]{10,40}$/) })
  .strict();
