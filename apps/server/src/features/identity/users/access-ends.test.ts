import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newDeviceId, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type S = { token: string; deviceId: string; refreshToken: string };
const sql = (text: string, values: unknown[] = []) => t.deps.database.executeSql(text, values);
const tokenOf = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

/**
 * A technician holding everything that reaches the product without a password: a web session (and
 * its refresh token), a calendar feed address, an app-access code and a password-reset link.
 */
async function technicianWithAccess() {
  const c = await createCompany(t);
  const admin = await c.login('admin');
  const tech: S = await c.login('tech');
  const feed = await call(t.app, 'POST', '/api/utenti/calendar-feed', { ...tech, body: {} });
  expect(feed.status).toBe(200);
  const feedPath = new URL(feed.json.url).pathname;
  expect((await call(t.app, 'GET', feedPath)).status).toBe(200);
  const otp = (await call(t.app, 'GET', '/api/utenti/utente/generate-otp', tech)).json.OTP as string;
  const email = c.user('tech').email!;
  expect((await call(t.app, 'POST', '/api/utenti/utente/reset-password/init', { body: { email } })).status).toBe(200);
  const resetToken = tokenOf((await t.smtp.waitFor(email)).text)!;
  expect(resetToken).toBeTruthy();
  return { c, admin, tech, feedPath, otp, resetToken, techId: c.user('tech').id };
}

type Held = Awaited<ReturnType<typeof technicianWithAccess>>;

/** Every way in of the technician is closed. */
async function expectAllEnded(h: Held) {
  expect((await call(t.app, 'GET', h.feedPath)).status).toBe(404);
  const app = await call(t.app, 'POST', '/api/utenti/utente/app-access', {
    deviceId: newDeviceId(),
    body: { otp: h.otp },
  });
  expect([app.status, app.json.code]).toEqual([401, 'OTP_INVALID']);
  const reset = await call(t.app, 'POST', '/api/utenti/utente/reset-password/confirm', {
    body: { token: h.resetToken, password: 'a-new-password-4-tech' },
  });
  expect([reset.status, reset.json.code]).toEqual([401, 'RESET_TOKEN_INVALID']);
  const session = await call(t.app, 'GET', '/api/session/session', h.tech);
  expect(session.status).toBe(401);
  const refreshed = await call(t.app, 'GET', '/api/session/generate-access-token', {
    token: h.tech.refreshToken,
    deviceId: h.tech.deviceId,
  });
  expect(refreshed.status).toBe(401);
  // Nothing is left open in the database either.
  const open = await sql(
    `select
       (select count(*) from calendar_feeds where utente_id = $1)::int as feeds,
       (select count(*) from access_otps where utente_id = $1 and used_at is null)::int as otps,
       (select count(*) from password_resets where utente_id = $1 and used_at is null)::int as resets,
       (select count(*) from sessioni where utente_id = $1 and revoked_at is null)::int as sessions,
       (select count(*) from refresh_tokens r join sessioni s on s.id = r.session_id
         where s.utente_id = $1 and r.used_at is null and r.expires_at > now())::int as refresh`,
    [h.techId],
  );
  expect(open.rows[0]).toEqual({ feeds: 0, otps: 0, resets: 0, sessions: 0, refresh: 0 });
}

const saveTech = (h: Held, over: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/users/user', {
    ...h.admin,
    body: { id: h.techId, username: 'tech', scheduleenabled: 'Y', status: 'ACTIVE', ...over },
  });

describe('a user’s access ends with the user (issue 22, point 5)', () => {
  it('disabling a user ends their calendar feed, app codes, reset links, sessions and refresh tokens', async () => {
    const h = await technicianWithAccess();
    const r = await saveTech(h, { status: 'DISABLED' });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    await expectAllEnded(h);
    // Enabled again, the old addresses stay dead: a new feed is a new address.
    expect((await saveTech(h, { status: 'ACTIVE' })).status).toBe(200);
    expect((await call(t.app, 'GET', h.feedPath)).status).toBe(404);
  });

  it('removing a user’s technician licence (scheduling off) ends them too', async () => {
    const h = await technicianWithAccess();
    const r = await saveTech(h, { scheduleenabled: 'N' });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    await expectAllEnded(h);
  });

  it('an ordinary edit of a user ends nothing', async () => {
    const h = await technicianWithAccess();
    expect((await saveTech(h, { name: 'Mario' })).status).toBe(200);
    expect((await call(t.app, 'GET', h.feedPath)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/session/session', h.tech)).status).toBe(200);
  });

  it('deleting a user leaves nothing that reaches the product', async () => {
    const h = await technicianWithAccess();
    await sql('delete from utenti where id = $1', [h.techId]);
    expect((await call(t.app, 'GET', h.feedPath)).status).toBe(404);
    const app = await call(t.app, 'POST', '/api/utenti/utente/app-access', {
      deviceId: newDeviceId(),
      body: { otp: h.otp },
    });
    expect(app.status).toBe(401);
    expect((await call(t.app, 'GET', '/api/session/session', h.tech)).status).toBe(401);
  });

  it('the feed refuses a user who is not active when it is read, however they were disabled', async () => {
    const h = await technicianWithAccess();
    await sql("update utenti set status = 'DISABLED' where id = $1", [h.techId]);
    expect((await call(t.app, 'GET', h.feedPath)).status).toBe(404);
    await sql("update utenti set status = 'ACTIVE' where id = $1", [h.techId]);
    expect((await call(t.app, 'GET', h.feedPath)).status).toBe(200);
  });
});
