import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp } from '../../test/harness.js';
import { createCompany } from '../../test/factories.js';

interface Line {
  level: number;
  msg: string;
  req?: { url: string };
  res?: { statusCode: number };
  [k: string]: unknown;
}
const DEBUG = 20;
const INFO = 30;

/** A server at the given level whose log lines are kept; `fail` makes the next health check answer 500. */
async function logged(env: Record<string, string>) {
  const raw: string[] = [];
  const state = { fail: false };
  const t = await startTestApp(env, {
    logStream: { write: (line) => void raw.push(line) },
    onHandler: (id) => {
      if (id === 'system.health' && state.fail) {
        state.fail = false;
        throw new Error('boom');
      }
    },
  });
  const lines = () => raw.map((l) => JSON.parse(l) as Line);
  const requestLines = (url: string) => lines().filter((l) => l.req?.url === url && l.res);
  return { t, raw, state, lines, requestLines };
}

describe('request log at INFO (slow after 10 minutes)', () => {
  let s: Awaited<ReturnType<typeof logged>>;
  beforeAll(async () => {
    s = await logged({ LOG_LEVEL: 'info', LOG_SLOW_MS: '600000' });
  });
  afterAll(() => s?.t.close());

  it('writes no line for a fast answered or refused request, one INFO line for a failed one', async () => {
    expect((await call(s.t.app, 'GET', '/api/health')).status).toBe(200);
    expect((await call(s.t.app, 'GET', '/api/clienti/clienti')).status).toBe(401);
    expect(s.requestLines('/api/health')).toEqual([]);
    expect(s.requestLines('/api/clienti/clienti')).toEqual([]);
    expect(s.lines().some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);

    s.state.fail = true;
    expect((await call(s.t.app, 'GET', '/api/health')).status).toBe(500);
    const failed = s.requestLines('/api/health');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ level: INFO, msg: 'request failed', res: { statusCode: 500 } });
    expect(typeof failed[0]!.responseTime).toBe('number');
  });
});

describe('request log with LOG_SLOW_MS=0 (every request slow)', () => {
  let s: Awaited<ReturnType<typeof logged>>;
  beforeAll(async () => {
    s = await logged({ LOG_LEVEL: 'info', LOG_SLOW_MS: '0' });
  });
  afterAll(() => s?.t.close());

  it('writes a slow request at INFO', async () => {
    expect((await call(s.t.app, 'GET', '/api/health')).status).toBe(200);
    expect(s.requestLines('/api/health')).toEqual([
      expect.objectContaining({ level: INFO, msg: 'slow request', res: { statusCode: 200 } }),
    ]);
  });
});

describe('request log at DEBUG', () => {
  let s: Awaited<ReturnType<typeof logged>>;
  beforeAll(async () => {
    s = await logged({ LOG_LEVEL: 'debug', LOG_SLOW_MS: '600000' });
  });
  afterAll(() => s?.t.close());

  it('writes every request once, at DEBUG, without its credentials', async () => {
    const c = await createCompany(s.t);
    const admin = await c.login('admin');
    const r = await call(s.t.app, 'GET', '/api/clienti/clienti', {
      ...admin,
      headers: { cookie: 'session=CookieValueNeverLogged' },
    });
    expect(r.status).toBe(200);
    expect(s.requestLines('/api/clienti/clienti')).toEqual([
      expect.objectContaining({ level: DEBUG, msg: 'request completed', res: { statusCode: 200 } }),
    ]);
    const log = s.raw.join('');
    expect(log).not.toContain(admin.token);
    expect(log).not.toContain('CookieValueNeverLogged');
  });

  it('redacts credentials a line carries by hand', () => {
    s.t.app.log.info(
      {
        req: { headers: { authorization: 'Bearer HeaderTokenNeverLogged', cookie: 'sid=CookieNeverLogged' } },
        headers: { authorization: 'Basic BasicNeverLogged' },
        password: 'PasswordNeverLogged',
        body: { password: 'BodyPasswordNeverLogged', refresh_token: 'RefreshNeverLogged', username: 'mario' },
        token: 'TokenNeverLogged',
      },
      'by hand',
    );
    const line = s.lines().find((l) => l.msg === 'by hand')!;
    const text = JSON.stringify(line);
    for (const secret of [
      'HeaderTokenNeverLogged',
      'CookieNeverLogged',
      'BasicNeverLogged',
      'PasswordNeverLogged',
      'BodyPasswordNeverLogged',
      'RefreshNeverLogged',
      'TokenNeverLogged',
    ])
      expect(text, secret).not.toContain(secret);
    expect(text).toContain('[redacted]');
    expect(line.body).toMatchObject({ username: 'mario' });
  });
});
