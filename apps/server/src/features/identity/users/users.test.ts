import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { fixedClock } from '../../../platform/clock.js';
import { call, newDeviceId, onPostgres, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany, PASSWORD } from '../../../test/factories.js';

let t: TestApp;
/** Expiries are read from the clock: the tests move it instead of faking Date. */
const clock = fixedClock(new Date());
beforeAll(async () => {
  t = await startTestApp({ TOKEN_ACCESS_DURATION_SEC: '120' }, { clock });
});
afterAll(() => t?.close());

type S = { token: string; deviceId: string };
const save = (s: S, body: Record<string, unknown>) => call(t.app, 'POST', '/api/users/user', { ...s, body });
/** A password the strength check accepts (the factory's PASSWORD is only stored directly). */
const NEW_PASSWORD = 'Caldaia-Blu-47';
const tech = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  password: NEW_PASSWORD,
  name: 'Tec',
  surname: username,
  scheduleenabled: 'Y',
  status: 'ACTIVE',
  ...extra,
});
const sql = (text: string, values: unknown[] = []) => t.deps.database.executeSql(text, values);

describe('users', () => {
  it('lists users with licences; planning-only callers get no email, prices or signature', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const list = await call(t.app, 'GET', '/api/users/users', admin);
    expect(list.status).toBe(200);
    expect(list.json.items.map((u: any) => u.username)).toEqual(['admin', 'tech']);
    expect(list.json.licences).toEqual({ used: 1, licences: 3, planLimit: null, allowed: 3 });
    expect(list.json.items[1].email).toMatch(/@test\.local$/);
    // a technician may load it (gestione_interventi write by default), without the private fields
    const s = await c.login('tech');
    const seen = await call(t.app, 'GET', '/api/users/users', s);
    expect(seen.status).toBe(200);
    expect(seen.json.items.every((u: any) => u.email === null && u.netPriceTecnico === null)).toBe(true);
    // one user: oneself yes, a colleague no, an unknown id 404
    expect((await call(t.app, 'GET', `/api/users/user/${c.user('tech').id}`, s)).json.item.email).toMatch(/@/);
    expect((await call(t.app, 'GET', `/api/users/user/${c.user('admin').id}`, s)).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/users/user/${crypto.randomUUID()}`, admin)).status).toBe(404);
  });

  it('creates technicians up to the licences and refuses the next with 0006; others need no licence', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const mailbox = `T2-${c.company.id.slice(0, 8)}`; // emails are unique across the product
    const a = await save(
      admin,
      tech('t2', { netPriceKm: '0,45', netPriceTecnico: '30', email: `${mailbox}@Example.test` }),
    );
    expect(a.status).toBe(200);
    expect(a.json.item).toMatchObject({
      username: 't2',
      netPriceKm: '0.45',
      netPriceTecnico: '30.00',
      email: `${mailbox.toLowerCase()}@example.test`,
      scheduleenabled: 'Y',
    });
    expect((await save(admin, tech('t3'))).status).toBe(200);
    const over = await save(admin, tech('t4'));
    expect([over.status, over.json.code]).toEqual([403, '0006']);
    expect(over.json.message).toMatch(/Licenze/);
    expect((await save(admin, tech('office', { scheduleenabled: 'N' }))).status).toBe(200);
    // the new technician can sign in with the password set on creation
    expect((await c.login('t2', undefined, NEW_PASSWORD)).token).toBeTruthy();
  });

  it("passwords: too easy ones refused with the reason; one's own needs the current one", async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    for (const weak of ['password123', 'Passw0rd!', 'admin1234', 'qwerty2024']) {
      const r = await save(admin, tech('weak', { password: weak }));
      expect([r.status, r.json.fields?.[0]?.path], weak).toEqual([400, 'password']);
      expect(r.json.fields[0].message).toMatch(/troppo facile/);
    }
    // The user's own name in the password counts against it.
    const named = await save(admin, tech('giancarlo', { password: 'giancarlo2024', name: 'Giancarlo' }));
    expect(named.status).toBe(400);
    // An administrator sets another user's password without knowing the old one.
    const techUser = (await call(t.app, 'GET', `/api/users/user/${c.user('tech').id}`, admin)).json.item;
    expect((await save(admin, { ...techUser, password: 'Tre-Caldaie-Rosse' })).status).toBe(200);
    expect((await c.login('tech', undefined, 'Tre-Caldaie-Rosse')).token).toBeTruthy();
    // One's own: the current password is required and checked.
    const me = (await call(t.app, 'GET', `/api/users/user/${c.user('admin').id}`, admin)).json.item;
    const without = await save(admin, { ...me, password: 'Nuova-Frase-Segreta-9' });
    expect([without.status, without.json.fields[0].path]).toEqual([400, 'passwordAttuale']);
    const wrong = await save(admin, { ...me, password: 'Nuova-Frase-Segreta-9', passwordAttuale: 'sbagliata' });
    expect([wrong.status, wrong.json.fields[0].message]).toEqual([400, 'Password attuale non corretta']);
    const right = await save(admin, { ...me, password: 'Nuova-Frase-Segreta-9', passwordAttuale: PASSWORD });
    expect(right.status).toBe(200);
    const again = await c.login('admin', undefined, 'Nuova-Frase-Segreta-9');
    // Saving one's own record without a new password needs nothing.
    expect((await save(again, { ...me, name: 'Ada B.' })).status).toBe(200);
  });

  it('four saves at once for the last licence: one is saved, three answer 0006', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    expect((await save(admin, tech('t2'))).status).toBe(200); // 2 of 3 licences used
    const racing = await Promise.all(['r1', 'r2', 'r3', 'r4'].map((u) => save(admin, tech(u))));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 403, 403, 403]);
    expect(racing.filter((r) => r.status === 403).every((r) => r.json.code === '0006')).toBe(true);
  });

  // PostgreSQL only (PGlite has one connection): the saves are held after their count, so that
  // without the company row lock they would all see one free licence and all insert.
  it.runIf(onPostgres)('two concurrent saves cannot both take the last licence', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    expect((await save(admin, tech('t2'))).status).toBe(200); // 2 of 3 licences used
    const blocker = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await blocker.connect();
    try {
      await blocker.query('begin');
      // Inserts into utenti wait; reads (the licence count) do not.
      await blocker.query('lock table utenti in share row exclusive mode');
      const racing = Promise.all(['r1', 'r2', 'r3'].map((u) => save(admin, tech(u))));
      // Wait until all three saves are stuck: on the insert, or on the company row lock.
      for (let i = 0; i < 200; i++) {
        const w = await blocker.query(
          `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()
           and query ilike any (array['%utenti%', '%aziende%'])`,
        );
        if (w.rows[0].n >= 3) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      await blocker.query('commit');
      const results = await racing;
      expect(results.map((r) => r.status).sort()).toEqual([200, 403, 403]);
    } finally {
      await blocker.end();
    }
    expect((await call(t.app, 'GET', '/api/users/users', admin)).json.licences).toMatchObject({ used: 3, allowed: 3 });
  });

  it('the lite plan allows at most 3 technicians whatever the licences', async () => {
    const c = await createCompany(t);
    await sql("update aziende set subscription_type = 'lite' where id = $1", [c.company.id]);
    await sql("update subscription_items set type = 'lite', quantity = 10 where azienda_id = $1", [c.company.id]);
    const admin = await c.login('admin');
    expect((await save(admin, tech('t2'))).status).toBe(200);
    expect((await save(admin, tech('t3'))).status).toBe(200);
    const over = await save(admin, tech('t4'));
    expect([over.status, over.json.code]).toEqual([403, '0006']);
    expect(over.json.message).toMatch(/lite/);
    expect((await call(t.app, 'GET', '/api/users/users', admin)).json.licences).toEqual({
      used: 3,
      licences: 10,
      planLimit: 3,
      allowed: 3,
    });
  });

  it('disabling ends the sessions (0015, then 0030 at sign-in); re-enabling needs a free licence', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const s = await c.login('tech');
    const techId = c.user('tech').id;
    const current = (await call(t.app, 'GET', `/api/users/user/${techId}`, admin)).json.item;
    const off = await save(admin, { ...current, status: 'DISABLED' });
    expect(off.json.item.status).toBe('DISABLED');
    const after = await call(t.app, 'GET', '/api/session/session', s);
    expect([after.status, after.json.code]).toEqual([401, '0015']);
    await expect(c.login('tech')).rejects.toThrow(/0030/);
    // the freed licence goes to a new technician, so none is left
    expect((await save(admin, tech('t2'))).status).toBe(200);
    expect((await save(admin, tech('t3'))).status).toBe(200);
    expect((await save(admin, tech('t4'))).status).toBe(200);
    const back = await save(admin, { ...current, status: 'ACTIVE' });
    expect([back.status, back.json.code]).toEqual([403, '0006']);
    await sql('update subscription_items set quantity = 4 where azienda_id = $1', [c.company.id]);
    expect((await save(admin, { ...current, status: 'ACTIVE' })).json.item.status).toBe('ACTIVE');
    expect((await c.login('tech')).token).toBeTruthy();
  });

  it('usernames are unique in the company, emails across the product (case-insensitive)', async () => {
    const c = await createCompany(t);
    const other = await createCompany(t);
    const admin = await c.login('admin');
    const dup = await save(admin, tech('TECH', { scheduleenabled: 'N' }));
    expect([dup.status, dup.json.code, dup.json.fields[0].path]).toEqual([409, 'CONFLICT', 'username']);
    const otherEmail = other.user('tech').email!.toUpperCase();
    const mail = await save(admin, tech('new', { scheduleenabled: 'N', email: otherEmail }));
    expect([mail.status, mail.json.fields[0].path]).toEqual([409, 'email']);
    // the same username in another company is fine
    expect((await save(await other.login('admin'), tech('new', { scheduleenabled: 'N' }))).status).toBe(200);
    const bad = await save(admin, tech('x y', { netPriceKm: '1,234', email: 'nope' }));
    expect(bad.status).toBe(400);
    expect(bad.json.fields.map((f: any) => f.path).sort()).toEqual(['email', 'netPriceKm', 'username']);
    const noPassword = await save(admin, { username: 'np' });
    expect([noPassword.status, noPassword.json.fields[0].path]).toEqual([400, 'password']);
  });

  it('admin rights cannot be taken from the last active admin; nobody disables themselves', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const me = (await call(t.app, 'GET', `/api/users/user/${c.user('admin').id}`, admin)).json.item;
    const demote = await save(admin, { ...me, role: 'user' });
    expect([demote.status, demote.json.code]).toEqual([409, 'LAST_ADMIN']);
    const self = await save(admin, { ...me, status: 'DISABLED' });
    expect([self.status, self.json.fields[0].path]).toEqual([400, 'status']);
    const second = await save(admin, tech('boss', { role: 'admin', scheduleenabled: 'N' }));
    expect(second.json.item.role).toBe('admin');
    expect((await save(admin, { ...me, role: 'user' })).json.item.role).toBe('user');
    // the demoted admin's permissions changed at once
    expect((await call(t.app, 'GET', '/api/gruppi/gruppi', admin)).status).toBe(403);
  });

  it('a technician saves only their own language and time zone; the signature never comes from the payload', async () => {
    const c = await createCompany(t);
    const s = await c.login('tech');
    const id = c.user('tech').id;
    await sql("update utenti set signature = 'data:image/png;base64,AAAA' where id = $1", [id]);
    const me = (await call(t.app, 'GET', `/api/users/user/${id}`, s)).json.item;
    const r = await save(s, {
      ...me,
      lingua: 'EN',
      timezone: 'Europe/London',
      role: 'admin',
      scheduleenabled: 'N',
      signature: 'x',
    });
    expect(r.json.item).toMatchObject({
      lingua: 'EN',
      timezone: 'Europe/London',
      role: 'user',
      scheduleenabled: 'Y',
      signature: 'data:image/png;base64,AAAA',
    });
    expect((await save(s, tech('intruder'))).status).toBe(403);
    expect((await save(s, { ...me, id: c.user('admin').id })).status).toBe(403);
    const del = await call(t.app, 'POST', '/api/users/user/delete-signature', { ...s, body: {} });
    expect(del.json.item.signature).toBeNull();
    const other = await call(t.app, 'POST', '/api/users/user/delete-signature', {
      ...s,
      body: { id: c.user('admin').id },
    });
    expect(other.status).toBe(403);
  });

  it('swaps the display order of two users', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    await save(admin, tech('t2', { scheduleenabled: 'N' }));
    const before = (await call(t.app, 'GET', '/api/users/users', admin)).json.items.map((u: any) => u.username);
    expect(before).toEqual(['admin', 'tech', 't2']);
    const r = await call(t.app, 'POST', '/api/utenti/scambia-order', {
      ...admin,
      body: { id1: c.user('admin').id, id2: c.user('tech').id },
    });
    expect(r.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/users/users', admin)).json.items.map((u: any) => u.username)).toEqual([
      'tech',
      'admin',
      't2',
    ]);
    const s = await c.login('tech');
    expect(
      (
        await call(t.app, 'POST', '/api/utenti/scambia-order', {
          ...s,
          body: { id1: c.user('admin').id, id2: c.user('tech').id },
        })
      ).status,
    ).toBe(403);
    const foreign = await call(t.app, 'POST', '/api/utenti/scambia-order', {
      ...admin,
      body: { id1: c.user('admin').id, id2: crypto.randomUUID() },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('app access by one-time code', () => {
  const exchange = (otp: string, deviceId = newDeviceId()) =>
    call(t.app, 'POST', '/api/utenti/utente/app-access', { deviceId, body: { otp } });

  it('signs the app in once; the code then answers OTP_INVALID', async () => {
    const c = await createCompany(t);
    const s = await c.login('tech');
    const g = await call(t.app, 'GET', '/api/utenti/utente/generate-otp', s);
    expect(g.status).toBe(200);
    expect(g.json).toMatchObject({ success: true, expiresInSec: 120 });
    expect(g.json.url).toBe(`http://app.test/public/app-access?otp=${encodeURIComponent(g.json.OTP)}`);
    const rows = await sql('select code_hash from access_otps where utente_id = $1', [c.user('tech').id]);
    expect(rows.rows[0].code_hash).not.toContain(g.json.OTP);
    const device = newDeviceId();
    const ok = await exchange(g.json.OTP, device);
    expect(ok.status).toBe(200);
    expect(ok.json.item.username).toBe('tech');
    const app = await call(t.app, 'GET', '/api/session/session', { token: ok.json.item.token, deviceId: device });
    expect(app.status).toBe(200);
    const again = await exchange(g.json.OTP);
    expect([again.status, again.json.code]).toEqual([401, 'OTP_INVALID']);
    // the web session is untouched (the app is another source)
    expect((await call(t.app, 'GET', '/api/session/session', s)).status).toBe(200);
  });

  it('expires after tokenAccessDurationInSec; a new code cancels the older one; a disabled user is refused', async () => {
    const c = await createCompany(t);
    const s = await c.login('tech');
    const first = (await call(t.app, 'GET', '/api/utenti/utente/generate-otp', s)).json.OTP;
    const second = (await call(t.app, 'GET', '/api/utenti/utente/generate-otp', s)).json.OTP;
    expect((await exchange(first)).json.code).toBe('OTP_INVALID');
    clock.advance(121_000);
    expect((await exchange(second)).json.code).toBe('OTP_INVALID');
    const third = (await call(t.app, 'GET', '/api/utenti/utente/generate-otp', s)).json.OTP;
    await sql("update utenti set status = 'DISABLED' where id = $1", [c.user('tech').id]);
    const refused = await exchange(third);
    expect([refused.status, refused.json.code]).toEqual([403, '0030']);
    expect((await exchange('x'.repeat(43))).json.code).toBe('OTP_INVALID');
    const noDevice = await call(t.app, 'POST', '/api/utenti/utente/app-access', { body: { otp: third } });
    expect(noDevice.status).toBe(400);
  });
});
