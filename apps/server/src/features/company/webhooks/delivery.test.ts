import { describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.js';
import { webhooksKit } from '../../../test/webhooks-kit.js';
import { claimEndpoints, dueMessages } from './delivery-repo.js';
import { post } from './delivery.js';
import { insertMessages } from './repo.js';
import { newMessageId, signedHeaders } from './signing.js';
import { LEASE_MS } from './worker.js';

/**
 * Webhook deliveries (decision 0049): a worker killed mid-delivery (the lease), the order per endpoint with endpoints
 * in parallel, and another company's ids.
 */
const k = webhooksKit();
const { clock, deliverNow, setup, emit, settle, messagesOf } = k;

describe('webhook deliveries', () => {
  it('deliver again, with the same webhook-id, what a worker killed mid-delivery had sent', async () => {
    const { c, admin, base, id, secret } = await setup();
    // A message written without waking anyone (as in a burst); a worker claims its endpoint, sends, and dies before
    // recording anything.
    const body = '{"type":"report.completed","timestamp":"2026-12-07T10:00:00.000Z","data":{}}';
    const msgId = newMessageId();
    await insertMessages(k.t.deps.db, [
      {
        id: msgId,
        aziendaId: c.company.id,
        webhookId: id,
        eventoId: null,
        tipo: 'report.completed',
        body,
        at: clock.now(),
      },
    ]);
    const claimed = (
      await claimEndpoints(k.t.deps.db, clock.now(), new Date(clock.now().getTime() + LEASE_MS), 100)
    ).filter((e) => e.aziendaId === c.company.id);
    expect(claimed.map((e) => e.id)).toEqual([id]);
    const [m] = await dueMessages(k.t.deps.db, [id], clock.now(), 1);
    expect(m!.id).toBe(msgId);
    const sent = await post(k.rx.url(), signedHeaders(msgId, clock.now(), body, [secret]), body, {
      resolve: k.t.deps.resolve,
      allowPrivate: true,
      timeoutMs: 5000,
      now: clock.now(),
    });
    expect(sent.ok).toBe(true);
    // While its lease runs, no other worker delivers to that endpoint.
    await deliverNow();
    expect((await messagesOf(admin, base)).items[0]).toMatchObject({ stato: 'IN_ATTESA', tentativi: 0 });
    expect(k.rx.received).toHaveLength(1);
    // Once it has run out, the message is delivered again with the same webhook-id.
    clock.advance(LEASE_MS + 1);
    await deliverNow();
    expect((await messagesOf(await c.login('admin'), base)).items[0]).toMatchObject({
      stato: 'CONSEGNATO',
      tentativi: 1,
    });
    expect(k.rx.received.map((r) => r.headers['webhook-id'])).toEqual([msgId, msgId]);
  });

  it('deliver an endpoint’s messages one at a time in creation order, endpoints in parallel', async () => {
    const one = await setup();
    const two = await call(k.t.app, 'POST', '/api/webhooks/webhook', {
      ...one.admin,
      body: { url: k.rx.url('/due'), eventi: ['report.completed'] },
    });
    expect(two.status).toBe(200);
    k.rx.resetCounts();
    k.rx.answerAlways({ status: 200, body: 'ok', delayMs: 80 });
    const ids = Array.from({ length: 6 }, (_, i) => `00000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`);
    for (const id of ids) await emit(one.c.company.id, 'report.completed', { id });
    await settle();
    const order = (path: string) =>
      k.rx.received.filter((r) => r.path === path).map((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id);
    expect(order('/hook')).toEqual(ids);
    expect(order('/due')).toEqual(ids);
    expect(k.rx.maxInFlightOn('/hook')).toBe(1);
    expect(k.rx.maxInFlightOn('/due')).toBe(1);
    // The two endpoints were served side by side.
    expect(k.rx.maxInFlight).toBe(2);
    const page = await messagesOf(one.admin, one.base);
    expect(page.items.every((m: { stato: string }) => m.stato === 'CONSEGNATO')).toBe(true);
  });

  it('carry a change made through the API: a customer saved on the form arrives as customer.created', async () => {
    const { admin, base } = await setup(['customer.created', 'customer.updated']);
    const saved = await call(k.t.app, 'POST', '/api/clienti/cliente', {
      ...admin,
      body: { ragione_sociale: 'Idraulica Verdi S.n.c.', partita_iva: '01234560017' },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    await settle();
    const bodies = k.rx.received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    expect(bodies).toEqual([
      expect.objectContaining({
        type: 'customer.created',
        data: expect.objectContaining({ id: saved.json.item.id, ragione_sociale: 'Idraulica Verdi S.n.c.' }),
      }),
    ]);
    expect((await messagesOf(admin, base)).items[0]).toMatchObject({ evento: 'customer.created', stato: 'CONSEGNATO' });
  });

  it("answer 404 to another company's endpoints and messages", async () => {
    const a = await setup();
    await emit(a.c.company.id);
    await settle();
    const [m] = (await messagesOf(a.admin, a.base)).items;
    const b = await setup();
    const calls: [string, string, object?][] = [
      ['GET', `${a.base}/secret`],
      ['POST', `${a.base}/rotate-secret`],
      ['GET', `${a.base}/messages`],
      ['GET', `${a.base}/messages/${m.id}`],
      ['POST', `${a.base}/test`],
      ['POST', `${a.base}/messages/${m.id}/replay`],
      ['POST', `${a.base}/replay-failed`, { dal: '2026-01-01T00:00:00Z' }],
      ['DELETE', a.base],
      ['POST', '/api/webhooks/webhook', { id: a.id, url: k.rx.url(), eventi: ['report.closed'] }],
      // A's message under B's own endpoint.
      ['GET', `${b.base}/messages/${m.id}`],
      ['POST', `${b.base}/messages/${m.id}/replay`],
    ];
    for (const [method, url, body] of calls) {
      const r = await call(k.t.app, method, url, { ...b.admin, ...(body ? { body } : {}) });
      expect(r.status, `${method} ${url}`).toBe(404);
    }
    expect(
      (await call(k.t.app, 'GET', '/api/webhooks/webhooks', b.admin)).json.items.map((x: { id: string }) => x.id),
    ).toEqual([b.id]);
  });
});
