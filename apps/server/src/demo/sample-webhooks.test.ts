import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../test/harness.js';
import { createCompany } from '../test/factories.js';
import { seedSampleWebhooks } from './sample-webhooks.js';

/** The demo's webhook: disabled, under .example, with a delivery log the tab can show. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('demo webhook', () => {
  it('is disabled, points under .example, and has a dozen messages with their attempts', async () => {
    const c = await createCompany(t);
    expect(await seedSampleWebhooks(t.deps, c.company.id)).toEqual({ messages: 12 });
    expect(await seedSampleWebhooks(t.deps, c.company.id)).toEqual({ messages: 0 });
    const admin = await c.login('admin');
    const [w] = (await call(t.app, 'GET', '/api/webhooks/webhooks', admin)).json.items;
    expect(w).toMatchObject({
      url: 'https://erp.rossi-impianti.example/webhooks',
      stato: 'DISABILITATO',
      motivoDisabilitazione: 'MANUALE',
      conteggi: { consegnati: 9, falliti: 2, inAttesa: 1 },
    });
    const page = await call(t.app, 'GET', `/api/webhooks/webhook/${w.id}/messages?limit=100`, admin);
    expect(page.json.items).toHaveLength(12);
    const failed = page.json.items.find((m: { stato: string }) => m.stato === 'FALLITO');
    const d = await call(t.app, 'GET', `/api/webhooks/webhook/${w.id}/messages/${failed.id}`, admin);
    expect(d.json.item.tentativiDettaglio).toHaveLength(8);
    expect(d.json.item.payload).toMatchObject({ type: failed.evento, data: expect.any(Object) });
  });
});
