import { createHash, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  API_KEY_LAST_USE_EVERY_MS,
  API_KEY_PREFIX,
  API_KEY_RANDOM_LENGTH,
  apiKeyChecksum,
  isWellFormedApiKey,
  type ApiKeyScope,
} from '@fs/contract';
import type { Db } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { apiKeys } from '../db/schema-api-keys.js';
import { aziende } from '../db/schema.js';
import { AppError } from '../errors.js';

/**
 * API keys at the edge (issue 28, decision 0048): making one, recognising one in a request, and the per-key limits.
 * A key is looked up by its SHA-256 (the plain key is nowhere in the database) together with its company's
 * subscription dates, one indexed statement like a session's.
 */

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A new key: `fsk_` + 32 random base62 characters (crypto) + their 6-character CRC32 checksum. */
export function newApiKey(): string {
  let random = '';
  for (let i = 0; i < API_KEY_RANDOM_LENGTH; i++) random += BASE62[randomInt(62)];
  return `${API_KEY_PREFIX}${random}${apiKeyChecksum(random)}`;
}

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** Whether an Authorization bearer is a key rather than a session's token. */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

export interface KeyRow {
  id: string;
  aziendaId: string;
  scopes: ApiKeyScope[];
  limiteMinuto: number;
  scadenza: Date | null;
  revocataIl: Date | null;
  ultimoUso: Date | null;
  subscription_confirmed: boolean;
  scadenza_trial_date: string | null;
  scadenza_abbonamento_date: string | null;
  dunning: boolean;
  timezone: string;
  linguaAzienda: string;
}

function keyQuery(db: Db) {
  return db
    .select({
      id: apiKeys.id,
      aziendaId: apiKeys.aziendaId,
      scopes: apiKeys.scopes,
      limiteMinuto: apiKeys.limiteMinuto,
      scadenza: apiKeys.scadenza,
      revocataIl: apiKeys.revocataIl,
      ultimoUso: apiKeys.ultimoUso,
      subscription_confirmed: aziende.subscriptionConfirmed,
      scadenza_trial_date: aziende.scadenzaTrialDate,
      scadenza_abbonamento_date: aziende.scadenzaAbbonamentoDate,
      dunning: aziende.dunning,
      timezone: aziende.timezone,
      linguaAzienda: aziende.linguaDefault,
    })
    .from(apiKeys)
    .innerJoin(aziende, eq(aziende.id, apiKeys.aziendaId))
    .where(eq(apiKeys.hash, sql.placeholder('hash')))
    .prepare('find_api_key');
}

/**
 * The key a request presents, in force: 401 code 0015 (token invalid) for a malformed, unknown, revoked or expired
 * key, so a caller learns nothing more from a wrong key than from a wrong token.
 */
export async function findApiKey(db: Db, key: string, now: Date): Promise<KeyRow> {
  if (!isWellFormedApiKey(key)) throw new AppError('0015', 'Chiave API non valida');
  const [row] = (await prepared(db, 'find_api_key', () => keyQuery(db)).execute({ hash: hashApiKey(key) })) as KeyRow[];
  if (!row || row.revocataIl) throw new AppError('0015', 'Chiave API non valida');
  if (row.scadenza && row.scadenza.getTime() <= now.getTime()) throw new AppError('0015', 'Chiave API scaduta');
  return row;
}

/**
 * Per-key requests per minute, counted in this process (fixed windows of a minute): a key over its limit answers
 * 429 RATE_LIMITED with Retry-After. Several API processes each count their own share.
 */
export class KeyLimiter {
  private readonly windows = new Map<string, { start: number; hits: number }>();

  take(keyId: string, perMinute: number, now: number): void {
    const minute = Math.floor(now / 60_000) * 60_000;
    let w = this.windows.get(keyId);
    if (!w || w.start !== minute) {
      if (this.windows.size > 10_000) this.windows.clear();
      this.windows.set(keyId, (w = { start: minute, hits: 0 }));
    }
    w.hits++;
    if (w.hits > perMinute) {
      const retry = Math.max(1, Math.ceil((minute + 60_000 - now) / 1000));
      throw new AppError('RATE_LIMITED', 'Troppe richieste con questa chiave API', undefined, {
        'retry-after': String(retry),
      });
    }
  }
}

/**
 * The key's last use, written at most once a minute (the row's own value, read with the key, says when it was
 * last written, so several processes write it about once a minute too). Never awaited by the request.
 */
export function noteUse(db: Db, key: KeyRow, now: Date): Promise<unknown> | null {
  if (key.ultimoUso && now.getTime() - key.ultimoUso.getTime() < API_KEY_LAST_USE_EVERY_MS) return null;
  const before = new Date(now.getTime() - API_KEY_LAST_USE_EVERY_MS);
  return db
    .update(apiKeys)
    .set({ ultimoUso: now })
    .where(
      and(
        eq(apiKeys.id, key.id),
        eq(apiKeys.aziendaId, key.aziendaId),
        sql`(${apiKeys.ultimoUso} is null or ${apiKeys.ultimoUso} < ${before.toISOString()}::timestamptz)`,
      ),
    );
}
