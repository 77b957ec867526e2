import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { AccessTokens, importHmacKey, type AccessClaims } from './access-token.js';
import type { Clock } from '../clock.js';

const raw = new TextEncoder().encode('k'.repeat(40));
const claims: AccessClaims = {
  userId: 'u1',
  aziendaId: 'a1',
  sessionId: 's1',
  source: 'WEB',
  deviceId: 'Device0000000001',
};
const at = (iso: string): Clock => ({ now: () => new Date(iso) }) as Clock;
const code = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string }) => e.code,
  );

describe('access tokens (the key imported once)', () => {
  it('verifies its own tokens, again and again, answering their claims', async () => {
    const tokens = new AccessTokens(raw, 900, at('2026-01-10T10:00:00Z'));
    const token = await tokens.sign(claims);
    for (let i = 0; i < 3; i++) expect(await tokens.verify(token)).toEqual(claims);
    // Another instance on the same bytes accepts it too (the key, not the instance, signs).
    expect(await new AccessTokens(raw, 900, at('2026-01-10T10:00:00Z')).verify(token)).toEqual(claims);
  });

  it('refuses an expired token (0014), another key, a changed token or one without expiry (0015)', async () => {
    const tokens = new AccessTokens(raw, 900, at('2026-01-10T10:00:00Z'));
    const token = await tokens.sign(claims);
    expect(await code(new AccessTokens(raw, 900, at('2026-01-10T10:16:00Z')).verify(token))).toBe('0014');
    const other = new AccessTokens(new TextEncoder().encode('x'.repeat(40)), 900, at('2026-01-10T10:00:00Z'));
    expect(await code(other.verify(token))).toBe('0015');
    const [h, p, s] = token.split('.');
    const changed = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), azi: 'a2' }),
    ).toString('base64url');
    expect(await code(tokens.verify(`${h}.${changed}.${s}`))).toBe('0015');
    const noExpiry = await new SignJWT({ azi: 'a1', sid: 's1', src: 'WEB', dev: 'Device0000000001' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('fieldservice')
      .setAudience('fieldservice-api')
      .setIssuedAt(new Date('2026-01-10T10:00:00Z'))
      .sign(await importHmacKey(raw));
    expect(await code(tokens.verify(noExpiry))).toBe('0015');
    expect(await code(tokens.verify('not.a.token'))).toBe('0015');
  });
});
