import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { fixedClock } from '../../../platform/clock.js';
import { EVENTS_QUEUE } from '../../../platform/events/outbox.js';
import { call, onPostgres, startTestApp, type TestApp } from '../../../test/harness.js';
import { freshDatabase } from '../../../test/fresh-database.js';
import { createCompany } from '../../../test/factories.js';
import { drainJobs } from '../../../test/jobs.js';
import { startReceiver } from '../../../test/webhook-receiver.js';
import { retryAfterMs } from './delivery.js';
import { newMessageId, newSecret, signedHeaders } from './signing.js';
import { forbiddenAddress, urlRefusal, type Resolve } from './ssrf.js';
import { nextDelay, WEBHOOKS_QUEUE } from './worker.js';

/**
 * Webhooks in production mode (WEBHOOKS_ALLOW_PRIVATE off, decision 0049): addresses of the server's own network
 * refused at save and again at delivery after resolution, with a resolver the test controls (nothing asks a real
 * DNS, nothing leaves the machine). And the signing, against the specification's published test vector.
 */

describe('Standard Webhooks signing', () => {
  it('matches the specification’s published vector (libraries/javascript/src/webhook.test.ts)', () => {
    const h = signedHeaders('msg_p5jXN8AQM9LWM0D4loKWxJek', new Date(1614265330 * 1000), '{"test": 2432232314}', [
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    ]);
    expect(h).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('makes secrets and ids of the documented shape, verifiable by the reference library', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const id = newMessageId();
    expect(id).toMatch(/^msg_[0-9A-Za-z]{24}$/);
    const body = JSON.stringify({ type: 'x', timestamp: new Date().toISOString(), data: { n: 1 } });
    const h = signedHeaders(id, new Date(), body, [secret]);
    expect(new Webhook(secret).verify(body, h)).toEqual(JSON.parse(body));
  });

  it('spaces retries as the schedule says with ±20 % jitter, and reads Retry-After', () => {
    expect(nextDelay(1, null, () => 0)).toBe(4000);
    expect(nextDelay(1, null, () => 1)).toBe(6000);
    expect(nextDelay(2, null, () => 0.5)).toBe(300_000);
    expect(nextDelay(7, null, () => 0.5)).toBe(36_000_000);
    expect(nextDelay(8, null, () => 0.5)).toBeNull();
    expect(nextDelay(1, 60_000, () => 0.5)).toBe(60_000);
    expect(nextDelay(2, 60_000, () => 0.5)).toBe(300_000);
    const now = new Date('2026-12-07T10:00:00Z');
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs('Mon, 07 Dec 2026 10:02:00 GMT', now)).toBe(120_000);
    expect(retryAfterMs('presto', now)).toBeNull();
  });
});

describe('SSRF', () => {
  it('refuses private, loopback, link-local and other non-public addresses', () => {
    for (const a of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '127.0.0.1',
      '127.1.2.3',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.1.2.3',
      '64:ff9b::a00:1',
      '2002:7f00:1::',
    ]) {
      expect(forbiddenAddress(a), a).not.toBeNull();
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34']) {
      expect(forbiddenAddress(a), a).toBeNull();
    }
  });

  it('allows everything when the setting says so', async () => {
    const resolve: Resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(await urlRefusal('http://127.0.0.1/x', resolve, true)).toBeNull();
    expect(await urlRefusal('http://interno.test/x', resolve, false)).toContain('127.0.0.1');
  });
});

describe('webhooks in production mode', () => {
  let t: TestApp;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  /** The test's DNS: names it knows, the rest do not resolve. */
  const dns = new Map<string, string>();
  const resolve: Resolve = async (host) => {
    const a = dns.get(host);
    if (!a) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return [{ address: a, family: a.includes(':') ? 6 : 4 }];
  };
  /** On PostgreSQL a database of this file's own: another file's worker never claims ours, nor ours theirs. */
  let own: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  beforeAll(async () => {
    own = onPostgres ? await freshDatabase() : undefined;
    // A still clock: the retry 5 s later is not due while the test looks.
    t = await startTestApp({}, { resolve, clock: fixedClock(new Date()), ...(own ? { database: own.database } : {}) });
    rx = await startReceiver();
  });
  afterAll(async () => {
    await rx?.close();
    await t?.close();
    await own?.drop();
  });

  it('refuses at save a URL whose address, literal or resolved, is not public', async () => {
    expect(t.deps.config.WEBHOOKS_ALLOW_PRIVATE).toBe(false);
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const save = (url: string) =>
      call(t.app, 'POST', '/api/webhooks/webhook', { ...admin, body: { url, eventi: ['report.completed'] } });
    dns.set('interno.esempio.test', '127.0.0.1');
    dns.set('metadati.esempio.test', '169.254.169.254');
    dns.set('pubblico.esempio.test', '93.184.216.34');
    for (const url of [
      rx.url(),
      'http://10.1.2.3/hook',
      'http://[::1]:8080/hook',
      'http://[::ffff:192.168.0.1]/hook',
      'http://localhost:3000/hook',
      'https://interno.esempio.test/hook',
      'https://metadati.esempio.test/latest',
    ]) {
      const r = await save(url);
      expect(r.status, url).toBe(400);
      expect(r.json.code).toBe('VALIDATION');
      expect(r.json.fields).toEqual([{ path: 'url', message: expect.stringContaining('indirizzo pubblico') }]);
    }
    expect((await save('https://interno.esempio.test/hook')).json.message).toContain(
      'interno.esempio.test corrisponde a 127.0.0.1',
    );
    // Public addresses, and names that do not resolve yet, are saved (the latter fail at delivery until they do).
    expect((await save('https://pubblico.esempio.test/hook')).status).toBe(200);
    expect((await save('https://93.184.216.34/hook')).status).toBe(200);
    expect((await save('https://non-ancora-registrato.esempio.test/hook')).status).toBe(200);
  });

  it('refuses at delivery a name that has come to resolve to a private address (nothing reaches it)', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    // Saved while it resolved to a public address; by delivery it resolves to the receiver on loopback.
    dns.set('cambia.esempio.test', '93.184.216.34');
    const url = `http://cambia.esempio.test:${rx.port}/hook`;
    const saved = await call(t.app, 'POST', '/api/webhooks/webhook', {
      ...admin,
      body: { url, eventi: ['report.completed'] },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    dns.set('cambia.esempio.test', '127.0.0.1');
    const base = `/api/webhooks/webhook/${saved.json.item.id}`;
    const test = await call(t.app, 'POST', `${base}/test`, admin);
    expect(test.status).toBe(200);
    await drainJobs(t, { queues: [EVENTS_QUEUE, WEBHOOKS_QUEUE], timeoutMs: 10_000 });
    const d = (await call(t.app, 'GET', `${base}/messages/${test.json.item.id}`, admin)).json.item;
    expect(d).toMatchObject({ stato: 'IN_ATTESA', tentativi: 1, ultimoStatus: null });
    expect(d.tentativiDettaglio).toEqual([
      expect.objectContaining({
        esito: 'ERRORE',
        status: null,
        risposta: expect.stringContaining('Indirizzo rifiutato: cambia.esempio.test (127.0.0.1)'),
      }),
    ]);
    expect(rx.received).toHaveLength(0);
    // A name that does not resolve: an attempt that says so.
    dns.delete('cambia.esempio.test');
    const again = await call(t.app, 'POST', `${base}/test`, admin);
    await drainJobs(t, { queues: [WEBHOOKS_QUEUE], timeoutMs: 10_000 });
    const d2 = (await call(t.app, 'GET', `${base}/messages/${again.json.item.id}`, admin)).json.item;
    expect(d2.tentativiDettaglio[0].risposta).toContain('ENOTFOUND');
    expect(rx.received).toHaveLength(0);
  });
});
