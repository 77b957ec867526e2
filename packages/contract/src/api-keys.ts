import { z } from 'zod';
import { isoDateTime } from './dates.js';
import { PAGE_KEYS } from './permissions.js';
import { userRefSchema } from './users.js';

/**
 * API keys (issue 28; decision 0048): a company's integrations call the documented API with a key instead of a
 * session. A key is `fsk_` + 32 random base62 characters + 6 base62 characters of the CRC32 of those 32, so a
 * secret scanner or support tells a real key from a typo without a database (GitHub's tokens end in a CRC32 the
 * same way). Shown once, at generation; stored only as its SHA-256. Admins only.
 */

export const API_KEY_PREFIX = 'fsk_';
export const API_KEY_RANDOM_LENGTH = 32;
export const API_KEY_CHECKSUM_LENGTH = 6;
export const API_KEY_PATTERN = /^fsk_[0-9A-Za-z]{38}$/;
/** How many days a rolled key may keep working beside its successor. */
export const API_KEY_MAX_ROLL_DAYS = 30;
/** Requests a key may make per minute unless its creator chose otherwise. */
export const API_KEY_DEFAULT_PER_MINUTE = 600;
export const API_KEY_MAX_PER_MINUTE = 10_000;
/** The last use is written at most this often (ms). */
export const API_KEY_LAST_USE_EVERY_MS = 60_000;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** CRC-32 (IEEE 802.3, as zlib's) of an ASCII string. */
export function crc32(text: string): number {
  let c = 0xffffffff;
  for (let i = 0; i < text.length; i++) {
    c ^= text.charCodeAt(i);
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** The checksum of a key's random part: its CRC32 in base62, 6 characters. */
export function apiKeyChecksum(random: string): string {
  let n = crc32(random);
  let out = '';
  for (let i = 0; i < API_KEY_CHECKSUM_LENGTH; i++) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

/** Whether a string has a key's shape and its checksum is right (no database needed). */
export function isWellFormedApiKey(key: string): boolean {
  if (!API_KEY_PATTERN.test(key)) return false;
  const random = key.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + API_KEY_RANDOM_LENGTH);
  return key.slice(-API_KEY_CHECKSUM_LENGTH) === apiKeyChecksum(random);
}

/** How a key is shown after its generation: its first and last characters. */
export const apiKeyHint = (key: string): string => `${key.slice(0, 8)}…${key.slice(-4)}`;

export const API_KEY_ACTIONS = ['read', 'write', 'delete'] as const;

/** The permission areas a key may be given (identity, billing and key management are never reachable by a key). */
export const apiKeyScope = z.object({ key: z.enum(PAGE_KEYS), action: z.enum(API_KEY_ACTIONS) }).strict();
export type ApiKeyScope = z.infer<typeof apiKeyScope>;

export const apiKeyGenerateRequest = z
  .object({
    nome: z.string().trim().min(1, 'Il nome è obbligatorio').max(100),
    scopes: z
      .array(apiKeyScope)
      .min(1, 'Scegliere almeno un permesso')
      .max(PAGE_KEYS.length * 3),
    /** When the key stops working (ISO instant), or none. */
    scadenza: isoDateTime.nullable().optional(),
    limiteMinuto: z.number().int().min(1).max(API_KEY_MAX_PER_MINUTE).optional(),
  })
  .strict();
export type ApiKeyGenerateRequest = z.infer<typeof apiKeyGenerateRequest>;

export const apiKeyRollRequest = z
  .object({
    /** Days the old key keeps working beside the new one (0: it stops now). */
    giorniValidita: z.number().int().min(0).max(API_KEY_MAX_ROLL_DAYS),
  })
  .strict();

export const API_KEY_STATES = ['ATTIVA', 'SCADUTA', 'REVOCATA'] as const;

export const apiKeyItem = z.object({
  id: z.string(),
  nome: z.string(),
  /** The key's first and last characters (fsk_abcd…wxyz). */
  indizio: z.string(),
  scopes: z.array(apiKeyScope),
  stato: z.enum(API_KEY_STATES),
  creataDa: userRefSchema.nullable(),
  creataIl: z.string(),
  scadenza: z.string().nullable(),
  ultimoUso: z.string().nullable(),
  revocataIl: z.string().nullable(),
  limiteMinuto: z.number().int(),
  /** The key that replaced this one by a roll, if any. */
  sostituitaDa: z.string().nullable(),
});
export type ApiKeyItem = z.infer<typeof apiKeyItem>;

export const apiKeyListResponse = z.object({ success: z.literal(true), items: z.array(apiKeyItem) });
/** The generated key itself is in `key`, this once. */
export const apiKeyGenerateResponse = z.object({ success: z.literal(true), item: apiKeyItem, key: z.string() });
