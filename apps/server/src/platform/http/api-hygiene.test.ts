import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newDeviceId, startTestApp, type TestApp } from '../../test/harness.js';
import { createCompany } from '../../test/factories.js';

const SECRET = 'hygiene-test-secret-of-at-least-32-chars';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ JWT_SECRET: SECRET });
});
afterAll(() => t?.close());

describe('NUL characters', () => {
  it('answers 400 naming the field, at sign-in and on a save, and writes nothing', async () => {
    const c = await createCompany(t);
    const login = await call(t.app, 'POST', '/api/login/login', {
      deviceId: newDeviceId(),
      body: { piva: c.piva, username: 'ad\u0000min', password: 'x' },
    });
    expect(login.status).toBe(400);
    expect(login.json).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(login.json.fields).toEqual([{ path: 'username', message: expect.stringContaining('NUL') }]);

    const admin = await c.login('admin');
    const save = await call(t.app, 'POST', '/api/clienti/cliente', {
      ...admin,
      body: { ragione_sociale: 'Nul S.r.l.', note: 'prima\u0000dopo' },
    });
    expect(save.status).toBe(400);
    expect(save.json.fields.map((f: { path: string }) => f.path)).toEqual(['note']);
    const rows = await t.deps.database.executeSql('select count(*)::int as n from clienti where azienda_id = $1', [
      c.company.id,
    ]);
    expect(rows.rows[0]).toEqual({ n: 0 });

    const query = await call(t.app, 'GET', `/api/clienti/clienti?q=${encodeURIComponent('a\u0000b')}`, admin);
    expect(query.status).toBe(400);
    expect(query.json.fields[0].path).toBe('query.q');
  });
});

describe('control characters', () => {
  it('refuses any character XML 1.0 forbids (U+0001, U+000B, a lone surrogate) with a 400 naming it and the field', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    for (const [text, name] of [
      ['prima\u0001dopo', 'U+0001'],
      ['riga\u000Btab', 'U+000B'],
      ['mezzo \ud83d carattere', 'U+D83D'],
    ] as const) {
      const save = await call(t.app, 'POST', '/api/clienti/cliente', {
        ...admin,
        body: { ragione_sociale: 'Controllo S.r.l.', note: text },
      });
      expect(save.status, text).toBe(400);
      expect(save.json.fields).toEqual([{ path: 'note', message: expect.stringContaining(name) }]);
    }
    const query = await call(t.app, 'GET', `/api/clienti/clienti?q=${encodeURIComponent('a\u000bb')}`, admin);
    expect(query.status).toBe(400);
    expect(query.json.fields[0].path).toBe('query.q');
    // Tab, line breaks and whole emoji are text like any other.
    const ok = await call(t.app, 'POST', '/api/clienti/cliente', {
      ...admin,
      body: { ragione_sociale: 'Controllo S.r.l.', note: 'uno\tdue\r\ntre 🔧' },
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.item.note).toBe('uno\tdue\r\ntre 🔧');
    const rows = await t.deps.database.executeSql('select count(*)::int as n from clienti where azienda_id = $1', [
      c.company.id,
    ]);
    expect(rows.rows[0]).toEqual({ n: 1 });
  });
});

describe('answers are not cached', () => {
  it('sends Cache-Control: no-store on API answers, errors included, and keeps the routes that set their own', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const list = await call(t.app, 'GET', '/api/clienti/clienti', admin);
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const refused = await call(t.app, 'GET', '/api/clienti/clienti');
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await call(t.app, 'GET', '/api/health')).headers['cache-control']).toBe('no-store');
  });
});

describe('access tokens', () => {
  it('are refused without the device header they were issued for, or without an expiry', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const withoutDevice = await call(t.app, 'GET', '/api/clienti/clienti', { token: admin.token });
    expect(withoutDevice.status).toBe(401);
    expect(withoutDevice.json.code).toBe('0021');
    const otherDevice = await call(t.app, 'GET', '/api/clienti/clienti', { ...admin, deviceId: newDeviceId() });
    expect(otherDevice.json.code).toBe('0021');
    expect((await call(t.app, 'GET', '/api/clienti/clienti', admin)).status).toBe(200);

    // The same claims, signed with the server's key, but no expiry.
    const [, payload] = admin.token.split('.');
    const p = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forever = await new SignJWT({ azi: p.azi, sid: p.sid, src: p.src, dev: p.dev })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(p.sub))
      .setIssuer(String(p.iss))
      .setAudience(String(p.aud))
      .setIssuedAt()
      .sign(new TextEncoder().encode(SECRET));
    const noExpiry = await call(t.app, 'GET', '/api/clienti/clienti', { token: forever, deviceId: admin.deviceId });
    expect(noExpiry.status).toBe(401);
    expect(noExpiry.json.code).toBe('0015');
    // Control: the same token with an expiry is accepted, so the refusal is the missing claim.
    const bounded = await new SignJWT({ azi: p.azi, sid: p.sid, src: p.src, dev: p.dev })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(p.sub))
      .setIssuer(String(p.iss))
      .setAudience(String(p.aud))
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(SECRET));
    expect(
      (await call(t.app, 'GET', '/api/clienti/clienti', { token: bounded, deviceId: admin.deviceId })).status,
    ).toBe(200);
  });
});

describe('limits', () => {
  it('answer 413 or 400 with our error body, never 500', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const h = { authorization: `Bearer ${s.token}`, 'device-id': s.deviceId, source: 'WEB' };
    const multipart = (parts: string[]) => ({
      headers: { ...h, 'content-type': 'multipart/form-data; boundary=bb' },
      payload: parts.map((p) => `--bb\r\n${p}\r\n`).join('') + '--bb--\r\n',
    });
    const file = (name: string) =>
      `Content-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\na;b`;
    const json = (payload: string) => ({ headers: { ...h, 'content-type': 'application/json' }, payload });
    const cases: [string, string, object, number][] = [
      ['two files', '/api/imports/mapping', multipart([file('a.csv'), file('b.csv')]), 413],
      [
        'thousands of fields',
        '/api/imports/mapping',
        multipart(Array.from({ length: 3000 }, (_, i) => `Content-Disposition: form-data; name="f${i}"\r\n\r\nx`)),
        413,
      ],
      ['a body over the limit', '/api/clienti/cliente', json(JSON.stringify({ a: 'x'.repeat(30_000_000) })), 413],
      ['broken JSON', '/api/clienti/cliente', json('{"a":'), 400],
      ['deep JSON', '/api/clienti/cliente', json('['.repeat(100_000) + ']'.repeat(100_000)), 400],
    ];
    for (const [name, url, o, status] of cases) {
      const r = await t.app.inject({ method: 'POST', url, ...o });
      expect(r.statusCode, name).toBe(status);
      expect(r.json(), name).toMatchObject({
        success: false,
        code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION',
      });
    }
  });
});
