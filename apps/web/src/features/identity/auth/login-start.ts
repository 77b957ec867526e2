import { LOGIN_START, routes, type LoginStartClaims } from '@fs/contract';
import { api } from '../../../app/api/client';
import { getDeviceId, randomAlphanumeric } from '../../../app/api/device-id';

/**
 * The sealed login start header (replay guard): `{ startedAt, nonce, deviceId }`
 * as a compact JWE for the server's public key. Null when WebCrypto is missing
 * (non-secure context) or the key cannot be had: the login is then sent without it.
 */
export async function sealLoginStart(): Promise<string | null> {
  if (!globalThis.isSecureContext || !globalThis.crypto?.subtle) return null;
  try {
    const { item } = await api.call(routes.auth.getStartKey);
    const { CompactEncrypt, importJWK } = await import('jose');
    const alg = item.alg || LOGIN_START.alg;
    const enc = item.enc || LOGIN_START.enc;
    const key = await importJWK(item.jwk, alg);
    const claims: LoginStartClaims = {
      startedAt: Date.now(),
      nonce: randomAlphanumeric(24),
      deviceId: getDeviceId(),
    };
    return await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(claims)))
      .setProtectedHeader({ alg, enc })
      .encrypt(key);
  } catch {
    return null;
  }
}
