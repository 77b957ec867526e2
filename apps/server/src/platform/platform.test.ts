import { mkdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { call, onPostgres, startTestApp, type TestApp } from '../test/harness.js';
import { createCompany } from '../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  const web = path.join(process.env.TMPDIR ?? '/tmp', `fs-web-${process.pid}`);
  mkdirSync(path.join(web, 'assets'), { recursive: true });
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(web, 'login.html'), '<!doctype html><div id="root" data-prerendered="/login"></div>');
  writeFileSync(path.join(web, 'assets', 'app-123.js'), 'console.log(1)');
  // What scripts/build.mjs writes beside a big asset: its brotli and gzip twins.
  const big = `export const words = ${JSON.stringify('parola '.repeat(2000))};`;
  writeFileSync(path.join(web, 'assets', 'big-456.js'), big);
  writeFileSync(path.join(web, 'assets', 'big-456.js.br'), brotliCompressSync(big));
  writeFileSync(path.join(web, 'assets', 'big-456.js.gz'), gzipSync(big));
  t = await startTestApp({ WEB_DIST: web, BODY_LIMIT_BYTES: '2048' });
});
afterAll(() => t?.close());

describe('configuration', () => {
  it('lists every bad value at once', () => {
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        LOGIN_SLOW_AFTER: '9',
        LOGIN_MAX_FAILURES: '3',
      });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const problems = (e as ConfigError).problems.join('\n');
      for (const key of ['PORT', 'DATABASE_URL', 'JWT_SECRET']) expect(problems).toContain(key);
    }
  });

  it('has defaults that need nothing set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.dataDir).toMatch(/data$/);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.ROLE).toBe('all');
  });

  it('splits roles only on PostgreSQL: the embedded database belongs to one process', () => {
    expect(() => loadConfig({ ROLE: 'worker' })).toThrow(/ROLE: 'worker' needs DATABASE_URL/);
    expect(() => loadConfig({ ROLE: 'cron' })).toThrow(ConfigError);
    expect(loadConfig({ ROLE: 'api', DATABASE_URL: 'postgres://localhost/x' }).ROLE).toBe('api');
  });
});

describe('HTTP surface', () => {
  it('health names the database', async () => {
    const r = await call(t.app, 'GET', '/api/health');
    expect(r.json).toEqual({ success: true, status: 'ok', database: onPostgres ? 'postgres' : 'pglite' });
  });

  it('unknown API paths answer 404 JSON; web paths get the app with history fallback', async () => {
    const api = await call(t.app, 'GET', '/api/does/not/exist');
    expect([api.status, api.json.success, api.json.code]).toEqual([404, false, 'NOT_FOUND']);
    const post = await call(t.app, 'POST', '/api/nope', { body: {} });
    expect(post.status).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: '/some/deep/page?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('answers /login with the prerendered page unless the language cookie asks for another language', async () => {
    const get = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    const plain = await get('/login?redirectAfterLogin=%2Fcustomers');
    expect(plain.body).toContain('data-prerendered="/login"');
    expect((await get('/login', 'a=1; i18n_redirected=it')).body).toContain('data-prerendered');
    expect((await get('/login', 'i18n_redirected=en')).body).toBe('<!doctype html><div id="root"></div>');
    expect((await get('/access/reset-password')).body).toBe('<!doctype html><div id="root"></div>');
  });

  it('sends the precompressed twin of an asset the browser accepts, and the plain file otherwise', async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/big-456.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('parola parola');
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('parola parola');
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(14_000);
  });

  it('compresses API answers over 1 KB for clients that accept it, and not small ones', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(doc.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(doc.rawPayload).toString()).openapi).toMatch(/^3\./);
    expect(doc.rawPayload.length).toBeLessThan(
      JSON.stringify(JSON.parse(brotliDecompressSync(doc.rawPayload).toString())).length / 3,
    );
    const gz = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().status).toBe('ok');
  });

  it('sends security headers with a strict script policy', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/' });
    const csp = r.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document and its UI, naming the spec paths', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/login/login',
        '/api/session/generate-access-token',
        '/api/aziende/azienda/logo',
        '/api/navigazione/pagine-attive',
        // Work reports and their configuration (issue 11), as the spec names them.
        '/api/rapportini/rapportini/admin',
        '/api/rapportini/rapportini/admin/{id}',
        '/api/rapportini/rapportino/lavorazione',
        '/api/rapportini/rapportino/admin/update',
        '/api/rapportini/rapportino/chiusura',
        '/api/rapportini/rapportini/todos',
        '/api/rapportini/rapportini/delete-bulk',
        // Danea EasyFatt XML (issue 12).
        '/api/rapportini/export/xml-danea/{id}',
        '/api/rapportini/export/xml-danea',
        // Acceptance: the customer's signature, on the screen or through a mailed link (issue 12).
        '/api/rapportini/rapportino/firma',
        '/api/rapportini/rapportino/firma/{id}',
        '/api/rapportini/rapportino/firma/link',
        '/api/rapportini/rapportino/invio',
        '/api/mail/logs/rapportino/{id}',
        '/api/public/firma/{token}',
        '/api/configuration/intervento',
        '/api/configuration/intervento/remove/{id}',
        '/api/configuration/campi/posizione',
        '/api/numerazioni/numerazione',
        '/api/lingue/lingue',
        '/api/contratti/cliente/{id}',
        '/api/rapportini/rapportini/download-bulk',
        '/api/rapportini/rapportino/media',
        '/api/media/all-rapportini/{section}/{id}',
        // The printed report (issue 12): ours, and the spec's blob of the stored PDF.
        '/api/rapportini/rapportino/{id}/pdf',
        '/api/rapportini/rapportino/pdf',
        '/api/media/{id}/content',
      ]),
    );
    expect(JSON.stringify(doc.json().paths['/api/login/login'])).toContain('login-start');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-security-policy']).not.toMatch(/https:|swagger\.io/);
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toContain('validatorUrl');
  });

  it('limits body size (413) and refuses unknown query parameters (400)', async () => {
    const big = await call(t.app, 'POST', '/api/login/login', {
      deviceId: 'abcdefghij123456',
      body: { piva: 'x'.repeat(4000), username: 'a', password: 'b' },
    });
    expect([big.status, big.json.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const c = await createCompany(t);
    const s = await c.login('admin');
    const q = await call(t.app, 'GET', '/api/session/session?debug=1', s);
    expect([q.status, q.json.code]).toEqual([400, 'VALIDATION']);
  });
});
