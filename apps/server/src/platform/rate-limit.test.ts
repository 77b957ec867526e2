import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_FACTOR: '1' });
});
afterAll(() => t?.close());

/** A client address of its own per run: the limits' rows are shared by every test on PostgreSQL. */
const client = () => `10.${randomBytes(3).join('.')}`;
const post = (url: string, body: unknown, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'content-type': 'application/json', source: 'WEB' },
    payload: JSON.stringify(body),
  });

describe('public endpoints', () => {
  it('/register/check answers 429 with Retry-After past 30 checks in 10 minutes from one client', async () => {
    const ip = client();
    for (let i = 0; i < 30; i++) expect((await post('/api/register/check', {}, ip)).statusCode).toBe(200);
    const refused = await post('/api/register/check', {}, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect((await post('/api/register/check', {}, client())).statusCode).toBe(200);
  });

  it('password reset: 5 requests per address and 20 per client in an hour', async () => {
    const ip = client();
    const address = `nobody.${randomBytes(4).toString('hex')}@test.local`;
    for (let i = 0; i < 5; i++)
      expect((await post('/api/utenti/utente/reset-password/init', { email: address }, ip)).statusCode).toBe(404);
    // The same address from another client: still the address's limit.
    const sameAddress = await post('/api/utenti/utente/reset-password/init', { email: address }, client());
    expect(sameAddress.statusCode).toBe(429);

    const busy = client();
    for (let i = 0; i < 20; i++) {
      const r = await post('/api/utenti/utente/reset-password/init', { email: `n${i}.${address}` }, busy);
      expect(r.statusCode).toBe(404);
    }
    const refused = await post('/api/utenti/utente/reset-password/init', { email: `other.${address}` }, busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
