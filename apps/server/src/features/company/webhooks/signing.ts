import { randomBytes, randomInt } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signing (decision 0049), with the specification's own library: `v1,<base64 HMAC-SHA256 of
 * id.timestamp.body>` keyed by the base64 part of the `whsec_` secret; during a rotation's overlap one signature per
 * secret, separated by a space.
 */

/** A new secret: whsec_ + base64 of 24 random bytes (32 characters). */
export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** What is shown of a secret: its prefix and first four characters. */
export const secretHint = (secret: string) => `${secret.slice(0, 10)}…`;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A message id (the `webhook-id`): msg_ + 24 random base62 characters. */
export function newMessageId(): string {
  let s = 'msg_';
  for (let i = 0; i < 24; i++) s += BASE62[randomInt(62)];
  return s;
}

/** The headers of one attempt: the same id on every attempt, the attempt's time, a signature per secret. */
export function signedHeaders(id: string, at: Date, body: string, secrets: readonly string[]): Record<string, string> {
  const signature = secrets.map((s) => new Webhook(s).sign(id, at, body)).join(' ');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}
