import { compactDecrypt, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { LOGIN_START, type LoginStartClaims } from '@fs/contract';
import { AppError } from '../errors.js';

/**
 * The login start header: the client seals its start time, a nonce and its
 * device id with the server's public key. Opening it proves the header was
 * made for this server; its age and the nonce guard against replay.
 */
export class LoginStartSealer {
  private constructor(
    private readonly privateKey: CryptoKey | Uint8Array,
    readonly publicJwk: JWK,
  ) {}

  static async makeKeyPair(): Promise<string> {
    const { privateKey } = await generateKeyPair(LOGIN_START.alg, { crv: 'P-256', extractable: true });
    return JSON.stringify(await exportJWK(privateKey));
  }

  static async fromStored(privateJwkJson: string): Promise<LoginStartSealer> {
    const jwk = JSON.parse(privateJwkJson) as JWK;
    const privateKey = await importJWK(jwk, LOGIN_START.alg);
    const { d: _d, ...publicJwk } = jwk;
    return new LoginStartSealer(privateKey, { ...publicJwk, alg: LOGIN_START.alg, use: 'enc' });
  }

  /** Opens and checks a header; a tampered, stale or malformed one answers 400. */
  async open(header: string, deviceId: string, now = Date.now()): Promise<LoginStartClaims> {
    let claims: LoginStartClaims;
    try {
      const { plaintext, protectedHeader } = await compactDecrypt(header, this.privateKey, {
        keyManagementAlgorithms: [LOGIN_START.alg],
        contentEncryptionAlgorithms: [LOGIN_START.enc],
      });
      if (protectedHeader.enc !== LOGIN_START.enc) throw new Error('enc');
      claims = JSON.parse(new TextDecoder().decode(plaintext));
    } catch {
      throw new AppError('BAD_START_HEADER', 'Intestazione di avvio non leggibile');
    }
    if (
      typeof claims?.startedAt !== 'number' ||
      typeof claims.nonce !== 'string' ||
      claims.nonce.length < 16 ||
      claims.nonce.length > 128
    ) {
      throw new AppError('BAD_START_HEADER', 'Intestazione di avvio incompleta');
    }
    if (claims.deviceId !== deviceId) {
      throw new AppError('BAD_START_HEADER', 'Intestazione di avvio di un altro dispositivo');
    }
    const age = now - claims.startedAt;
    if (age > LOGIN_START.maxAgeMs || age < -LOGIN_START.maxFutureSkewMs) {
      throw new AppError('BAD_START_HEADER', 'Intestazione di avvio scaduta');
    }
    return claims;
  }
}
