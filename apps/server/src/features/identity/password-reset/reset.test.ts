import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany, PASSWORD } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const tokenOf = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('password reset by mail', () => {
  it('mails a single-use link over SMTP; confirming sets the password and ends every session', async () => {
    const c = await createCompany(t);
    const tech = c.user('tech');
    const session = await c.login('tech');
    const init = await call(t.app, 'POST', '/api/utenti/utente/reset-password/init', {
      body: { email: tech.email!.toUpperCase() },
    });
    expect(init.status).toBe(200);
    const mail = await t.smtp.waitFor(tech.email!);
    expect(mail.text).toContain('Reimposta la password');
    expect(mail.text).toContain('http://app.test/access/reset-password?token=');
    const token = tokenOf(mail.text)!;
    expect(token).toBeTruthy();

    const confirm = await call(t.app, 'POST', '/api/utenti/utente/reset-password/confirm', {
      body: { token, password: 'brand-new-pass' },
    });
    expect(confirm.status).toBe(200);
    // old session ended, old password refused, new one works
    const old = await call(t.app, 'GET', '/api/session/session', session);
    expect([old.status, old.json.code]).toEqual([401, '0015']);
    await expect(c.login('tech')).rejects.toThrow(/0019/);
    await expect(c.login('tech', undefined, 'brand-new-pass')).resolves.toBeTruthy();
    // the link works once
    const again = await call(t.app, 'POST', '/api/utenti/utente/reset-password/confirm', {
      body: { token, password: 'another-pass-for-ada' },
    });
    expect([again.status, again.json.code]).toEqual([401, 'RESET_TOKEN_INVALID']);
  });

  it("writes the mail in the user's language", async () => {
    const c = await createCompany(t);
    const admin = c.user('admin');
    await t.deps.database.executeSql(`update utenti set lingua = 'EN' where id = $1`, [admin.id]);
    await call(t.app, 'POST', '/api/utenti/utente/reset-password/init', { body: { email: admin.email } });
    const mail = await t.smtp.waitFor(admin.email!);
    expect(mail.text).toContain('Reset your password');
    expect(mail.text).toContain('valid for 60 minutes');
  });

  it('answers 404 for an unknown email and 400 for a malformed one', async () => {
    const unknown = await call(t.app, 'POST', '/api/utenti/utente/reset-password/init', {
      body: { email: 'nobody@nowhere.test' },
    });
    expect([unknown.status, unknown.json.code]).toEqual([404, 'EMAIL_NOT_FOUND']);
    const bad = await call(t.app, 'POST', '/api/utenti/utente/reset-password/init', {
      body: { email: 'not-an-email' },
    });
    expect([bad.status, bad.json.fields[0].path]).toEqual([400, 'email']);
  });

  it('refuses an unknown or expired token with 401 and a short password with 400', async () => {
    const c = await createCompany(t);
    const admin = c.user('admin');
    await call(t.app, 'POST', '/api/utenti/utente/reset-password/init', { body: { email: admin.email } });
    const token = tokenOf((await t.smtp.waitFor(admin.email!)).text)!;
    const short = await call(t.app, 'POST', '/api/utenti/utente/reset-password/confirm', {
      body: { token, password: 'short' },
    });
    expect([short.status, short.json.fields[0].path]).toEqual([400, 'password']);
    for (const bogus of ['x'.repeat(43), 'bogus']) {
      const unknown = await call(t.app, 'POST', '/api/utenti/utente/reset-password/confirm', {
        body: { token: bogus, password: 'long-enough-1' },
      });
      expect([unknown.status, unknown.json.code]).toEqual([401, 'RESET_TOKEN_INVALID']);
    }
    await t.deps.database.executeSql(
      `update password_resets set expires_at = now() - interval '1 minute' where utente_id = $1`,
      [admin.id],
    );
    const expired = await call(t.app, 'POST', '/api/utenti/utente/reset-password/confirm', {
      body: { token, password: 'long-enough-1' },
    });
    expect([expired.status, expired.json.code]).toEqual([401, 'RESET_TOKEN_INVALID']);
    await expect(c.login('admin', undefined, PASSWORD)).resolves.toBeTruthy();
  });
});
