import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../test/harness.js';
import { createCompany } from '../../test/factories.js';
import { redactUrl } from './redact.js';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  // At debug every request is logged (at info only slow or failed ones: request-log.ts).
  t = await startTestApp({ LOG_LEVEL: 'debug' }, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => t?.close());

describe('secrets in logged addresses', () => {
  it('replaces path and query secrets and keeps the rest of the address', () => {
    expect(redactUrl('/firma/abcDEF123_-x')).toBe('/firma/[redacted]');
    expect(redactUrl('/api/public/firma/abc?x=1')).toBe('/api/public/firma/[redacted]?x=1');
    expect(redactUrl('/api/calendar/feed/Zz9.ics')).toBe('/api/calendar/feed/[redacted]');
    expect(redactUrl('/access/reset-password?token=s3cret&lang=it')).toBe(
      '/access/reset-password?token=[redacted]&lang=it',
    );
    expect(redactUrl('/login?code=c0de&state=st4te&piva=123')).toBe('/login?code=[redacted]&state=[redacted]&piva=123');
    expect(redactUrl('/app-access?%6Ftp=123456')).toBe('/app-access?%6Ftp=[redacted]');
    expect(redactUrl('/api/clienti/clienti?q=rossi&page=2')).toBe('/api/clienti/clienti?q=rossi&page=2');
    expect(redactUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
  });

  it('never writes a calendar-feed or signing-link token into the request log', async () => {
    const c = await createCompany(t);
    const tech = await c.login('tech');
    const feed = await call(t.app, 'POST', '/api/utenti/calendar-feed', { ...tech, body: {} });
    expect(feed.status).toBe(200);
    const feedPath = new URL(feed.json.url as string).pathname;
    const feedToken = feedPath
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    expect((await call(t.app, 'GET', feedPath)).status).toBe(200);
    const linkToken = 'LinkTokenThatMustNotBeLogged0123456789abcd';
    await call(t.app, 'GET', `/api/public/firma/${linkToken}`);
    await call(t.app, 'GET', `/firma/${linkToken}`);
    await call(t.app, 'GET', `/access/reset-password?token=ResetTokenNeverLogged`);
    const log = lines.join('');
    expect(log).toContain('/api/calendar/feed/[redacted]');
    expect(log).toContain('/api/public/firma/[redacted]');
    for (const secret of [feedToken, linkToken, 'ResetTokenNeverLogged', tech.token])
      expect(log, secret).not.toContain(secret);
  });
});
