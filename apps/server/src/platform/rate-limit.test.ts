import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createCompany } from '../test/factories.js';

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

  it('/register/init-promo answers 429 past 20 sign-ups from one client in an hour, counted with /register/init', async () => {
    // A VAT number already registered: each attempt is refused (409) after it is counted, without making a company.
    const taken = (await createCompany(t)).company.partitaIva;
    const tag = randomBytes(4).toString('hex');
    const promo = {
      name: 'Paola',
      surname: 'Promo',
      email: `promo.${tag}@test.local`,
      username: `promo.${tag}`,
      password: `Trifoglio-${tag}-Verde!`,
      password_confirm: `Trifoglio-${tag}-Verde!`,
      ragione_sociale: 'Promo Limitata S.r.l.',
      partita_iva: taken,
      coupon: 'BENVENUTO',
      termini_accettati: true,
    };
    const ip = client();
    for (let i = 0; i < 20; i++) {
      const r = await post('/api/register/init-promo', promo, ip);
      expect(r.statusCode, `attempt ${i + 1}`).toBe(409);
    }
    const refused = await post('/api/register/init-promo', promo, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // The same rule as /register/init: the client's sign-ups are spent there too.
    const { coupon: _coupon, ...init } = promo;
    const alsoRefused = await post(
      '/api/register/init',
      { ...init, subscription_type: 'premium', tecnici: 3, nazione: 'IT' },
      ip,
    );
    expect(alsoRefused.statusCode).toBe(429);
    // Another client is not held back.
    expect((await post('/api/register/init-promo', promo, client())).statusCode).toBe(409);
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
