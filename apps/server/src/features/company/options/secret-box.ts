import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../../../platform/db/client.js';
import { getOrCreateSecret } from '../../../platform/auth/secrets.js';

/**
 * AES-256-GCM for option secrets (the company's SMTP password). The key is made
 * once and kept in app_secrets, so every instance reads what another wrote.
 * Stored form: `v1:<iv>:<tag>:<ciphertext>`, each part base64.
 */
const KEY_NAME = 'options-secret-key';
const keys = new WeakMap<Db, Promise<Buffer>>();

function keyOf(db: Db): Promise<Buffer> {
  let k = keys.get(db);
  if (!k) {
    k = getOrCreateSecret(db, KEY_NAME, async () => randomBytes(32).toString('base64')).then((v) =>
      Buffer.from(v, 'base64'),
    );
    k.catch(() => keys.delete(db));
    keys.set(db, k);
  }
  return k;
}

export async function seal(db: Db, plain: string): Promise<string> {
  const key = await keyOf(db);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

export async function open(db: Db, sealed: string): Promise<string> {
  const [v, iv, tag, data] = sealed.split(':');
  if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('sealed value in an unknown format');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(db), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
