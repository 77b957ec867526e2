import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { loadConfig, mapTileOrigin } from '../../../config.js';

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
      MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Tiles Example',
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
      item: { sso: { enabled: false }, chatWidgetUrl: null, signatureLinkDays: 7, mapTiles: null },
    });
  });

  it('answers SSO on and the widget address when configured, never the secret', async () => {
    const r = await call(configured.app, 'GET', '/api/config/public');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      success: true,
      item: {
        sso: { enabled: true },
        chatWidgetUrl: 'https://chat.example/widget.js',
        signatureLinkDays: 3,
        mapTiles: { url: 'https://{s}.tiles.example/{z}/{x}/{y}.png', attribution: '© Tiles Example' },
      },
    });
    expect(r.raw.body).not.toContain('secret');
    // The tiles' origin (any subdomain) may serve images; without tiles only this site does.
    expect(String(r.raw.headers['content-security-policy'])).toMatch(
      /img-src 'self' data: blob: https:\/\/\*\.tiles\.example;/,
    );
    const plainCsp = String(
      (await call(plain.app, 'GET', '/api/config/public')).raw.headers['content-security-policy'],
    );
    expect(plainCsp).toMatch(/img-src 'self' data: blob:;/);
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

  it('takes map tiles only as an http(s) template with {z}, {x}, {y} and an attribution', () => {
    const tiles = { MAP_TILE_ATTRIBUTION: '© OpenStreetMap' };
    expect(() => loadConfig({ ...tiles, MAP_TILE_URL: 'ftp://t.example/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ ...tiles, MAP_TILE_URL: 'https://t.example/{z}/{x}.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: 'https://t.example/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_ATTRIBUTION/);
    expect(loadConfig({ ...tiles, MAP_TILE_URL: 'https://t.example/{z}/{x}/{y}.png' }).MAP_TILE_URL).toBe(
      'https://t.example/{z}/{x}/{y}.png',
    );
    expect(loadConfig({ MAP_TILE_URL: '' }).MAP_TILE_URL).toBeUndefined();
    expect(mapTileOrigin('https://{s}.tile.example:8443/{z}/{x}/{y}.png')).toBe('https://*.tile.example:8443');
    expect(mapTileOrigin(undefined)).toBeNull();
  });
});
