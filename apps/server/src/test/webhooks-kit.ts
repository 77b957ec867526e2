import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { fixedClock } from '../platform/clock.js';
import { companyOf, companyContext } from '../platform/context.js';
import { systemPrincipal } from '../platform/auth/principal.js';
import { EVENTS, type AppEvent } from '../platform/events/catalog.js';
import { EVENTS_QUEUE } from '../platform/events/outbox.js';
import { wakeDeliveries, WEBHOOKS_QUEUE } from '../features/company/webhooks/worker.js';
import { call, onPostgres, startTestApp, type TestApp } from './harness.js';
import { freshDatabase } from './fresh-database.js';
import { createCompany } from './factories.js';
import { drainJobs } from './jobs.js';
import { startReceiver } from './webhook-receiver.js';

/**
 * What the webhook tests share (decision 0049): a server that may reach loopback (WEBHOOKS_ALLOW_PRIVATE) with a test
 * clock, a receiver on loopback, and helpers to save an endpoint, emit an event, let the workers finish and read the
 * log. On PostgreSQL each file has a database of its own: another file's worker (its clock, its settings) never
 * claims its endpoints. Call once at a file's top level.
 */
export function webhooksKit() {
  const kit = {
    t: undefined as unknown as TestApp,
    rx: undefined as unknown as Awaited<ReturnType<typeof startReceiver>>,
    clock: fixedClock(new Date()),
  };
  let own: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  beforeAll(async () => {
    own = onPostgres ? await freshDatabase() : undefined;
    kit.t = await startTestApp(
      { WEBHOOKS_ALLOW_PRIVATE: 'true', ACCESS_TOKEN_TTL_SEC: '86400' },
      { clock: kit.clock, ...(own ? { database: own.database } : {}) },
    );
    kit.rx = await startReceiver();
  });
  afterAll(async () => {
    await kit.rx?.close();
    await kit.t?.close();
    await own?.drop();
  });
  beforeEach(() => {
    kit.clock.set(new Date());
    kit.rx.received.length = 0;
    kit.rx.answers.length = 0;
    kit.rx.answerAlways({ status: 200, body: 'ok' });
  });

  /** Lets the dispatcher and the delivery worker finish what is due now (retries deferred further are left). */
  const settle = () => drainJobs(kit.t, { queues: [EVENTS_QUEUE, WEBHOOKS_QUEUE], timeoutMs: 10_000 });
  const deliverNow = async () => {
    await wakeDeliveries(kit.t.deps);
    await settle();
  };

  /** A company with an endpoint to the receiver. */
  async function setup(eventi = ['report.completed']) {
    const c = await createCompany(kit.t);
    const admin = await c.login('admin');
    const r = await call(kit.t.app, 'POST', '/api/webhooks/webhook', {
      ...admin,
      body: { url: kit.rx.url(), descrizione: 'ERP', eventi },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const base = `/api/webhooks/webhook/${r.json.item.id}`;
    return { c, admin, id: r.json.item.id as string, secret: r.json.segreto as string, base };
  }

  /** Emits a catalogue event for the company as a service would (its example payload), in a transaction. */
  async function emit(aziendaId: string, type: keyof typeof EVENTS = 'report.completed', data?: object) {
    const ctx = companyContext(kit.t.deps, await companyOf(kit.t.deps.db, aziendaId), systemPrincipal('test', []));
    const payload = { ...EVENTS[type].example, ...data };
    await ctx.transaction((tx) =>
      tx.emit({ type, aggregateId: (payload as { id?: string }).id ?? aziendaId, payload } as AppEvent),
    );
  }

  const messagesOf = async (admin: object, base: string, query = '') =>
    (await call(kit.t.app, 'GET', `${base}/messages${query}`, admin)).json;
  const detail = async (admin: object, base: string, id: string) =>
    (await call(kit.t.app, 'GET', `${base}/messages/${id}`, admin)).json.item;

  return Object.assign(kit, { settle, deliverNow, setup, emit, messagesOf, detail });
}
