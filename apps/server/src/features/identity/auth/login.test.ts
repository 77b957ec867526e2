import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompactEncrypt, importJWK } from 'jose';
import { call, newDeviceId, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany, PASSWORD } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOGIN_SLOW_AFTER: '2', LOGIN_MAX_FAILURES: '4', LOGIN_LOCK_MIN: '10' });
});
afterAll(() => t?.close());

const login = (body: unknown, deviceId = newDeviceId(), headers: Record<string, string> = {}) =>
  call(t.app, 'POST', '/api/login/login', { deviceId, body, headers });

async function sealStart(claims: object) {
  const key = await call(t.app, 'GET', '/api/login/start-key');
  const jwk = await importJWK(key.json.item.jwk, key.json.item.alg);
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: key.json.item.alg, enc: key.json.item.enc })
    .encrypt(jwk);
}

describe('POST /login/login', () => {
  it('signs in with VAT number, username and password and answers the session user with tokens', async () => {
    const c = await createCompany(t);
    const r = await login({ piva: c.piva, username: 'ADMIN', password: PASSWORD });
    expect(r.status).toBe(200);
    expect(r.json.success).toBe(true);
    expect(r.json.item).toMatchObject({
      username: 'admin',
      role: 'admin',
      status: 'ACTIVE',
      aziendamap: {
        id: c.company.id,
        partita_iva: c.piva,
        subscription_type: 'premium',
        work_flow_primo_accesso: 0,
        timezone: 'Europe/Rome',
      },
    });
    expect(r.json.item.token.split('.')).toHaveLength(3);
    expect(r.json.item.refreshToken.length).toBeGreaterThan(30);
    expect(r.json.item.permissions.permissions.gestione_azienda.companyWrite).toBe(true);
    const stored = await t.deps.database.executeSql('select password_hash from utenti where id = $1', [
      c.user('admin').id,
    ]);
    expect(stored.rows[0].password_hash).toMatch(/^\$argon2id\$/);
  });

  it('answers 0018 for an unknown username or company and 0019 for a wrong password, same status', async () => {
    const c = await createCompany(t);
    const user = await login({ piva: c.piva, username: 'nobody', password: PASSWORD });
    const company = await login({ piva: '00000000000', username: 'admin', password: PASSWORD });
    const pass = await login({ piva: c.piva, username: 'admin', password: 'wrong-password' });
    expect([user.status, user.json.code]).toEqual([401, '0018']);
    expect([company.status, company.json.code]).toEqual([401, '0018']);
    expect([pass.status, pass.json.code]).toEqual([401, '0019']);
  });

  it('refuses a disabled user with 0030', async () => {
    const c = await createCompany(t);
    await t.deps.database.executeSql(`update utenti set status = 'DISABLED' where id = $1`, [c.user('tech').id]);
    const r = await login({ piva: c.piva, username: 'tech', password: PASSWORD });
    expect([r.status, r.json.code]).toEqual([403, '0030']);
  });

  it('slows repeated failures, then refuses with 429 and Retry-After, even with the right password', async () => {
    const c = await createCompany(t);
    const bad = { piva: c.piva, username: 'tech', password: 'nope-nope' };
    const delays: number[] = [];
    const realSleep = t.deps.sleep;
    t.deps.sleep = async (ms) => void delays.push(ms);
    for (let i = 0; i < 2; i++) expect((await login(bad)).json.code).toBe('0019');
    expect(delays).toEqual([]);
    expect((await login(bad)).json.code).toBe('0019'); // third failure: slowed
    t.deps.sleep = realSleep;
    expect(delays).toEqual([250]);
    expect((await login(bad)).json.code).toBe('0019'); // fourth: now locked
    const locked = await login({ ...bad, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.json.code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(500);
    // another username from the same address is not affected
    expect((await login({ piva: c.piva, username: 'admin', password: PASSWORD })).status).toBe(200);
  });

  it('answers 400 naming the fields for malformed input, unknown keys and a missing Device-Id', async () => {
    const c = await createCompany(t);
    const r = await login({ piva: c.piva, username: 'admin', password: PASSWORD, extra: true });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('VALIDATION');
    expect(r.json.fields.map((f: any) => f.path)).toContain('extra');
    const missing = await login({ piva: c.piva });
    expect(missing.json.fields.map((f: any) => f.path)).toEqual(expect.arrayContaining(['username', 'password']));
    const noDevice = await call(t.app, 'POST', '/api/login/login', {
      body: { piva: c.piva, username: 'admin', password: PASSWORD },
    });
    expect(noDevice.status).toBe(400);
    expect(noDevice.json.fields[0].path).toBe('device-id');
    const notJson = await call(t.app, 'POST', '/api/login/login', {
      deviceId: newDeviceId(),
      headers: { 'content-type': 'application/json' },
      body: undefined,
    });
    expect(notJson.status).toBe(400);
  });
});

describe('Login-Start header (replay guard)', () => {
  it('accepts a fresh sealed header once and refuses its replay', async () => {
    const c = await createCompany(t);
    const deviceId = newDeviceId();
    const start = await sealStart({ startedAt: Date.now(), nonce: 'n-' + newDeviceId() + newDeviceId(), deviceId });
    const body = { piva: c.piva, username: 'admin', password: PASSWORD };
    expect((await login(body, deviceId, { 'login-start': start })).status).toBe(200);
    const replay = await login(body, deviceId, { 'login-start': start });
    expect([replay.status, replay.json.code]).toEqual([400, 'BAD_START_HEADER']);
  });

  it("refuses a stale, a tampered and another device's header with 400", async () => {
    const c = await createCompany(t);
    const deviceId = newDeviceId();
    const body = { piva: c.piva, username: 'admin', password: PASSWORD };
    const nonce = () => 'n-' + newDeviceId() + newDeviceId();
    const stale = await sealStart({ startedAt: Date.now() - 10 * 60_000, nonce: nonce(), deviceId });
    const good = await sealStart({ startedAt: Date.now(), nonce: nonce(), deviceId });
    const parts = good.split('.');
    parts[3] = parts[3]!.slice(0, -2) + (parts[3]!.endsWith('AA') ? 'BB' : 'AA');
    const foreign = await sealStart({ startedAt: Date.now(), nonce: nonce(), deviceId: newDeviceId() });
    for (const header of [stale, parts.join('.'), foreign, 'not-a-jwe']) {
      const r = await login(body, deviceId, { 'login-start': header });
      expect([r.status, r.json.code]).toEqual([400, 'BAD_START_HEADER']);
    }
  });
});
