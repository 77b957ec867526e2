import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SSO } from '@fs/contract';
import { call, newDeviceId, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { startTestProvider, type TestProvider } from '../../../test/oidc-provider.js';
import { sessioni, utenti } from '../../../platform/db/schema.js';

const PUBLIC_URL = 'http://app.test';

describe('single sign-on against a real OpenID provider', () => {
  let provider: TestProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startTestProvider({ redirectUris: [`${PUBLIC_URL}/login`, `${PUBLIC_URL}/ssorapp`] });
    t = await startTestApp({
      PUBLIC_URL,
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });

  /** Starts an attempt, signs in at the provider as `login`, answers what the browser would post back. */
  async function roundTrip(login: string, o: { deviceId?: string; target?: 'web' | 'app' } = {}) {
    const deviceId = o.deviceId ?? newDeviceId();
    const started = await call(t.app, 'POST', '/api/login/sso/start', {
      deviceId,
      body: { target: o.target ?? 'web' },
    });
    expect(started.status).toBe(200);
    const back = await provider.authorize(started.json.item.url, login);
    return {
      deviceId,
      back,
      body: {
        code: back.searchParams.get('code')!,
        state: back.searchParams.get('state')!,
        iss: back.searchParams.get('iss') ?? undefined,
        attempt: started.json.item.attempt as string,
      },
    };
  }

  it('builds the authorisation address the spec asks for, with PKCE and a nonce', async () => {
    const r = await call(t.app, 'POST', '/api/login/sso/start', { deviceId: newDeviceId(), body: {} });
    expect(r.status).toBe(200);
    const url = new URL(r.json.item.url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('scope')).toBe('openid offline_access email profile');
    expect(url.searchParams.get('state')).toBe('ACCESS-RL');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/login`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(r.json.item.attempt).toMatch(/^[\w-]{43}$/);
  });

  it('signs in the user whose email the provider vouches for, case-insensitively, with a WEB session', async () => {
    const c = await createCompany(t);
    const email = c.user('tech').email!;
    provider.accounts.set('tech-ok', { email: email.toUpperCase(), email_verified: true, name: 'Tecnico' });
    const { deviceId, back, body } = await roundTrip('tech-ok');
    expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/login`);
    expect(body.state).toBe(SSO.state);

    const r = await call(t.app, 'POST', '/api/login/login/sso', { deviceId, body });
    expect(r.status).toBe(200);
    expect(r.json.item).toMatchObject({ username: 'tech', email, aziendamap: { id: c.company.id } });
    expect(r.json.item.token).toBeTruthy();
    expect(r.json.item.refreshToken).toBeTruthy();

    // The same session a password sign-in gives: it answers, it refreshes, it is WEB.
    const me = await call(t.app, 'GET', '/api/session/session', { deviceId, token: r.json.item.token });
    expect(me.status).toBe(200);
    expect(me.json.item.username).toBe('tech');
    const refreshed = await call(t.app, 'GET', '/api/session/generate-access-token', {
      deviceId,
      token: r.json.item.refreshToken,
    });
    expect(refreshed.status).toBe(200);
    const sessions = await t.deps.db
      .select()
      .from(sessioni)
      .where(eq(sessioni.utenteId, c.user('tech').id));
    expect(sessions.map((s) => s.source)).toEqual(['WEB']);
  });

  it('the app variant returns to /ssorapp and opens an APP session', async () => {
    const c = await createCompany(t);
    provider.accounts.set('admin-app', { email: c.user('admin').email!, email_verified: true });
    const { deviceId, back, body } = await roundTrip('admin-app', { target: 'app' });
    expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/ssorapp`);
    const r = await call(t.app, 'POST', '/api/login/login/sso', { deviceId, body, headers: { source: 'WEB' } });
    expect(r.status).toBe(200);
    const sessions = await t.deps.db
      .select()
      .from(sessioni)
      .where(eq(sessioni.utenteId, c.user('admin').id));
    expect(sessions.map((s) => s.source)).toEqual(['APP']);
  });

  it('an email no user has answers 0018', async () => {
    provider.accounts.set('stranger', { email: 'nobody.at.all@elsewhere.test', email_verified: true });
    const { deviceId, body } = await roundTrip('stranger');
    const r = await call(t.app, 'POST', '/api/login/login/sso', { deviceId, body });
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ success: false, code: '0018' });
  });

  it('an email the provider marks unverified answers 0018 even when a user has it', async () => {
    const c = await createCompany(t);
    provider.accounts.set('unverified', { email: c.user('tech').email!, email_verified: false });
    const { deviceId, body } = await roundTrip('unverified');
    const r = await call(t.app, 'POST', '/api/login/login/sso', { deviceId, body });
    expect(r.status).toBe(401);
    expect(r.json.code).toBe('0018');
  });

  it('a disabled user answers 0030 and gets no session', async () => {
    const c = await createCompany(t);
    const tech = c.user('tech');
    await t.deps.db.update(utenti).set({ status: 'DISABLED' }).where(eq(utenti.id, tech.id));
    provider.accounts.set('disabled', { email: tech.email!, email_verified: true });
    const { deviceId, body } = await roundTrip('disabled');
    const r = await call(t.app, 'POST', '/api/login/login/sso', { deviceId, body });
    expect(r.status).toBe(403);
    expect(r.json.code).toBe('0030');
    expect(await t.deps.db.select().from(sessioni).where(eq(sessioni.utenteId, tech.id))).toEqual([]);
  });

  it('a state other than ACCESS-RL is refused', async () => {
    const c = await createCompany(t);
    provider.accounts.set('state', { email: c.user('tech').email!, email_verified: true });
    const { deviceId, body } = await roundTrip('state');
    const r = await call(t.app, 'POST', '/api/login/login/sso', { deviceId, body: { ...body, state: 'FORGED' } });
    expect(r.status).toBe(401);
    expect(r.json.code).toBe('SSO_FAILED');
  });

  it("a made-up code, a used code and another device's attempt are refused", async () => {
    const c = await createCompany(t);
    provider.accounts.set('codes', { email: c.user('tech').email!, email_verified: true });

    const bad = await roundTrip('codes');
    const made = await call(t.app, 'POST', '/api/login/login/sso', {
      deviceId: bad.deviceId,
      body: { ...bad.body, code: 'not-a-code' },
    });
    expect(made.status).toBe(401);
    expect(made.json.code).toBe('SSO_FAILED');

    const good = await roundTrip('codes');
    const foreign = await call(t.app, 'POST', '/api/login/login/sso', { deviceId: newDeviceId(), body: good.body });
    expect(foreign.status).toBe(401);
    expect(foreign.json.code).toBe('SSO_FAILED');
    const first = await call(t.app, 'POST', '/api/login/login/sso', { deviceId: good.deviceId, body: good.body });
    expect(first.status).toBe(200);
    const again = await call(t.app, 'POST', '/api/login/login/sso', { deviceId: good.deviceId, body: good.body });
    expect(again.status).toBe(401);
    expect(again.json.code).toBe('SSO_FAILED');

    // A used code with a fresh attempt: the provider refuses it (and the verifier does not match).
    const fresh = await call(t.app, 'POST', '/api/login/sso/start', { deviceId: good.deviceId, body: {} });
    const replay = await call(t.app, 'POST', '/api/login/login/sso', {
      deviceId: good.deviceId,
      body: { ...good.body, attempt: fresh.json.item.attempt },
    });
    expect(replay.status).toBe(401);
    expect(replay.json.code).toBe('SSO_FAILED');
  });

  it('refuses bodies without the attempt or with unknown keys', async () => {
    const deviceId = newDeviceId();
    const r1 = await call(t.app, 'POST', '/api/login/login/sso', { deviceId, body: { code: 'x' } });
    expect(r1.status).toBe(400);
    const r2 = await call(t.app, 'POST', '/api/login/login/sso', {
      deviceId,
      body: { code: 'x', state: 'ACCESS-RL', attempt: 'a'.repeat(43), extra: 1 },
    });
    expect(r2.status).toBe(400);
    const r3 = await call(t.app, 'POST', '/api/login/sso/start', { body: {} });
    expect(r3.status).toBe(400);
  });

  it('an unreachable provider answers SSO_UNAVAILABLE, and SSO works again when it is back', async () => {
    const c = await createCompany(t);
    provider.accounts.set('outage', { email: c.user('admin').email!, email_verified: true });
    const { deviceId, body } = await roundTrip('outage');
    await provider.stop();
    try {
      const r = await call(t.app, 'POST', '/api/login/login/sso', { deviceId, body });
      expect(r.status).toBe(502);
      expect(r.json.code).toBe('SSO_UNAVAILABLE');
      const health = await call(t.app, 'GET', '/api/health');
      expect(health.status).toBe(200);
    } finally {
      await provider.start();
    }
    const again = await roundTrip('outage');
    const ok = await call(t.app, 'POST', '/api/login/login/sso', { deviceId: again.deviceId, body: again.body });
    expect(ok.status).toBe(200);
  });
});

describe('single sign-on when the provider is down or not configured', () => {
  let down: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) of loopback: the server starts anyway, discovery is lazy.
    down = await startTestApp({ OIDC_ISSUER_URL: 'http://127.0.0.1:9/realms/x', OIDC_CLIENT_ID: 'gestionale' });
    off = await startTestApp();
  });
  afterAll(async () => {
    await down?.close();
    await off?.close();
  });

  it('starts, says SSO is on, and answers SSO_UNAVAILABLE when asked for the provider', async () => {
    const cfg = await call(down.app, 'GET', '/api/config/public');
    expect(cfg.json.item.sso.enabled).toBe(true);
    const r = await call(down.app, 'POST', '/api/login/sso/start', { deviceId: newDeviceId(), body: {} });
    expect(r.status).toBe(502);
    expect(r.json).toMatchObject({ success: false, code: 'SSO_UNAVAILABLE' });
    const again = await call(down.app, 'POST', '/api/login/sso/start', { deviceId: newDeviceId(), body: {} });
    expect(again.json.code).toBe('SSO_UNAVAILABLE');
  });

  it('without an issuer both endpoints answer SSO_DISABLED', async () => {
    const deviceId = newDeviceId();
    const s = await call(off.app, 'POST', '/api/login/sso/start', { deviceId, body: {} });
    expect(s.status).toBe(404);
    expect(s.json.code).toBe('SSO_DISABLED');
    const l = await call(off.app, 'POST', '/api/login/login/sso', {
      deviceId,
      body: { code: 'x', state: 'ACCESS-RL', attempt: 'a'.repeat(43) },
    });
    expect(l.status).toBe(404);
    expect(l.json.code).toBe('SSO_DISABLED');
  });
});
