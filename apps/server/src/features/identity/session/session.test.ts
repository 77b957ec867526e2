import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.js';
import { call, newDeviceId, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { REUSE_GRACE_MS } from './service.js';

let t: TestApp;
/** Expiries are read from the clock: the tests move it instead of faking Date. */
const clock = fixedClock(new Date());
beforeAll(async () => {
  t = await startTestApp({ ACCESS_TOKEN_TTL_SEC: '60' }, { clock });
});
afterAll(() => t?.close());

const get = (url: string, s: { token: string; deviceId: string }) => call(t.app, 'GET', url, s);
const refresh = (refreshToken: string, deviceId: string) =>
  call(t.app, 'GET', '/api/session/generate-access-token', { token: refreshToken, deviceId });

describe('session', () => {
  it('answers the session user, permissions, menu, countries and languages', async () => {
    const c = await createCompany(t);
    const s = await c.login('tech');
    const me = await get('/api/session/session', s);
    expect(me.status).toBe(200);
    expect(me.json.item).toMatchObject({
      username: 'tech',
      role: 'user',
      scheduleenabled: 'Y',
      aziendamap: { id: c.company.id },
    });
    const perms = await get('/api/session/permissions', s);
    expect(perms.json.item.permissions.gestione_azienda.userRead).toBe(false);
    expect(perms.json.item.permissions.gestione_interventi.userWrite).toBe(true);
    const menu = await get('/api/navigazione/pagine-attive', s);
    expect(menu.json.pagine.map((p: any) => p.to)).toEqual(expect.arrayContaining(['/', '/profile']));
    expect(menu.json.pagine.map((p: any) => p.to)).not.toContain('/company');
    const admin = await c.login('admin');
    const adminMenu = await get('/api/navigazione/pagine-attive', admin);
    expect(adminMenu.json.pagine.map((p: any) => p.to)).toEqual(
      expect.arrayContaining(['/', '/company', '/technicians', '/permission-groups']),
    );
    const it = await get('/api/nazioni/nazioni', s);
    expect(it.json.nazioni).toContainEqual({ codice: 'DE', nome: 'Germania' });
    await call(t.app, 'POST', '/api/session/language', { ...s, body: { lingua: 'EN' } });
    const en = await get('/api/nazioni/nazioni', s);
    expect(en.json.nazioni).toContainEqual({ codice: 'IT', nome: 'Italy' });
    const langs = await get('/api/lingue/lingue', s);
    expect(langs.json.items.map((l: any) => l.locale)).toEqual(['it', 'en', 'es', 'fr', 'de']);
  });

  it('needs a token: none answers 401, a forged one 0015, an expired one 0014', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    expect((await call(t.app, 'GET', '/api/session/session')).status).toBe(401);
    const forged = s.token.slice(0, -4) + 'AAAA';
    const bad = await get('/api/session/session', { ...s, token: forged });
    expect([bad.status, bad.json.code]).toEqual([401, '0015']);
    clock.advance(61_000);
    const expired = await get('/api/session/session', s);
    expect([expired.status, expired.json.code]).toEqual([401, '0014']);
  });

  it('refreshes: a new access token works, the refresh token rotates, and a reused one ends the family', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    clock.advance(61_000);
    expect((await get('/api/session/session', s)).json.code).toBe('0014');
    const r1 = await refresh(s.refreshToken, s.deviceId);
    expect(r1.status).toBe(200);
    expect(r1.json.refresh_token).not.toBe(s.refreshToken);
    expect((await get('/api/session/session', { ...s, token: r1.json.access_token })).status).toBe(200);
    const r2 = await refresh(r1.json.refresh_token, s.deviceId);
    expect(r2.status).toBe(200);
    // the first refresh token again, past the grace for concurrent tabs: a reuse, so the whole session ends
    clock.advance(REUSE_GRACE_MS + 1_000);
    const reuse = await refresh(s.refreshToken, s.deviceId);
    expect([reuse.status, reuse.json.code]).toEqual([401, '0015']);
    expect((await refresh(r2.json.refresh_token, s.deviceId)).json.code).toBe('0015');
    expect((await get('/api/session/session', { ...s, token: r2.json.access_token })).json.code).toBe('0015');
  });

  it('a refresh whose answer a reload cut off: the same token again 20 s later still gets a successor', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    expect((await refresh(s.refreshToken, s.deviceId)).status).toBe(200); // answered to a page that was gone
    clock.advance(20_000); // the reloaded page loads its code and calls again
    const again = await refresh(s.refreshToken, s.deviceId);
    expect(again.status).toBe(200);
    expect((await get('/api/session/session', { ...s, token: again.json.access_token })).status).toBe(200);
  });

  it('two tabs refreshing with the same token at once both get a successor', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const [a, b] = await Promise.all([refresh(s.refreshToken, s.deviceId), refresh(s.refreshToken, s.deviceId)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.refresh_token).not.toBe(b.json.refresh_token);
    expect((await refresh(b.json.refresh_token, s.deviceId)).status).toBe(200);
    expect((await get('/api/session/session', { ...s, token: a.json.access_token })).status).toBe(200);
  });

  it('refuses a refresh from another device (0021) and an unknown refresh token (0015)', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const other = await refresh(s.refreshToken, newDeviceId());
    expect([other.status, other.json.code]).toEqual([401, '0021']);
    expect((await refresh('x'.repeat(43), s.deviceId)).json.code).toBe('0015');
    // the token was not spent by the refused attempts
    expect((await refresh(s.refreshToken, s.deviceId)).status).toBe(200);
  });

  it('one device per user and source: a sign-in elsewhere answers 0017 to the first device', async () => {
    const c = await createCompany(t);
    const first = await c.login('tech');
    const second = await c.login('tech');
    const old = await get('/api/session/session', first);
    expect([old.status, old.json.code]).toEqual([401, '0017']);
    expect((await refresh(first.refreshToken, first.deviceId)).json.code).toBe('0017');
    expect((await get('/api/session/session', second)).status).toBe(200);
    // the app source is a separate slot
    const app = await call(t.app, 'POST', '/api/login/login', {
      deviceId: newDeviceId(),
      headers: { source: 'APP' },
      body: { piva: c.piva, username: 'tech', password: 'password123' },
    });
    expect(app.status).toBe(200);
    expect((await get('/api/session/session', second)).status).toBe(200);
  });

  it("a Device-Id other than the token's answers 0021", async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const r = await get('/api/session/session', { ...s, deviceId: newDeviceId() });
    expect([r.status, r.json.code]).toEqual([401, '0021']);
  });

  it('logout revokes the session', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    expect((await call(t.app, 'POST', '/api/login/logout', s)).status).toBe(200);
    expect((await get('/api/session/session', s)).json.code).toBe('0015');
    expect((await refresh(s.refreshToken, s.deviceId)).json.code).toBe('0015');
  });

  it('makes a temporary refresh token that works once on the same device', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const temp = await get('/api/session/temp/generate-refresh-token', s);
    expect(temp.status).toBe(200);
    expect(temp.json.item.expiresInSec).toBe(300);
    expect((await refresh(temp.json.item.refreshToken, newDeviceId())).json.code).toBe('0021');
    expect((await refresh(temp.json.item.refreshToken, s.deviceId)).status).toBe(200);
    const appDevice = newDeviceId();
    const appLogin = await call(t.app, 'POST', '/api/login/login', {
      deviceId: appDevice,
      headers: { source: 'APP' },
      body: { piva: c.piva, username: 'tech', password: 'password123' },
    });
    const fromApp = await get('/api/session/temp/generate-refresh-token', {
      token: appLogin.json.item.token,
      deviceId: appDevice,
    });
    expect([fromApp.status, fromApp.json.code]).toEqual([401, '0020']);
  });

  it('saves the language of the user', async () => {
    const c = await createCompany(t);
    const s = await c.login('tech');
    const r = await call(t.app, 'POST', '/api/session/language', { ...s, body: { lingua: 'EN' } });
    expect(r.json.item.lingua).toBe('EN');
    expect((await get('/api/session/session', s)).json.item.lingua).toBe('EN');
    const bad = await call(t.app, 'POST', '/api/session/language', { ...s, body: { lingua: 'XX' } });
    expect([bad.status, bad.json.code, bad.json.fields[0].path]).toEqual([400, 'VALIDATION', 'lingua']);
  });
});
