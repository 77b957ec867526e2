import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { loadConfig } from '../../../config.js';

describe('GET /api/config/public', () => {
  let plain: TestApp;
  let configured: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
    configured = await startTestApp({
      OIDC_ISSUER_URL: 'http://127.0.0.1:9/issuer',
      OIDC_CLIENT_ID: 'gestionale',
      OIDC_CLIENT_SECRET: 'secret',
      CHAT_WIDGET_URL: 'https://chat.example/widget.js',
      SIGNATURE_LINK_DAYS: '3',
    });
  });
  afterAll(async () => {
    await plain?.close();
    await configured?.close();
  });

  it('answers SSO off and no chat widget by default, without a token', async () => {
    const r = await call(plain.app, 'GET', '/api/config/public');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      success: true,
      item: { sso: { enabled: false }, chatWidgetUrl: null, signatureLinkDays: 7 },
    });
  });

  it('answers SSO on and the widget address when configured, never the secret', async () => {
    const r = await call(configured.app, 'GET', '/api/config/public');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      success: true,
      item: { sso: { enabled: true }, chatWidgetUrl: 'https://chat.example/widget.js', signatureLinkDays: 3 },
    });
    expect(r.raw.body).not.toContain('secret');
  });

  it('refuses unknown query parameters', async () => {
    const r = await call(plain.app, 'GET', '/api/config/public?x=1');
    expect(r.status).toBe(400);
  });
});

describe('configuration of SSO and chat widget', () => {
  it('needs a client id with an issuer, and http(s) addresses', () => {
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://id.example' })).toThrow(/OIDC_CLIENT_ID/);
    expect(() => loadConfig({ CHAT_WIDGET_URL: 'javascript:alert(1)' })).toThrow(/CHAT_WIDGET_URL/);
    const c = loadConfig({ OIDC_ISSUER_URL: '', CHAT_WIDGET_URL: '' });
    expect(c.OIDC_ISSUER_URL).toBeUndefined();
    expect(c.CHAT_WIDGET_URL).toBeUndefined();
  });
});
