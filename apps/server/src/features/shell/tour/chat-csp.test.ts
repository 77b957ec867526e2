import { afterEach, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const scriptSrc = (csp: unknown) => /script-src ([^;]*)/.exec(String(csp))?.[1];

describe('content security policy and the live-chat widget', () => {
  it("allows scripts from 'self' only when no widget is configured", async () => {
    t = await startTestApp();
    const r = await call(t.app, 'GET', '/api/health');
    expect(scriptSrc(r.headers['content-security-policy'])).toBe("'self'");
  });

  it("allows exactly the configured widget's origin", async () => {
    t = await startTestApp({ CHAT_WIDGET_URL: 'https://chat.example.test:8443/widget/abc.js?x=1' });
    const r = await call(t.app, 'GET', '/api/health');
    expect(scriptSrc(r.headers['content-security-policy'])).toBe("'self' https://chat.example.test:8443");
  });
});
