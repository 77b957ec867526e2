import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestApp, type TestApp } from '../../../test/harness.js';
import { day, reportCompany } from './test-helpers.js';
import { defineSubscriber, registerSubscribers } from '../../../platform/events/dispatcher.js';

/**
 * The dispatcher killed with kill -9 while a subscriber handles a completed report, then started
 * again: each subscriber is handed the event exactly once (its database writes and its position
 * commit together). Two processes on one database: PostgreSQL only (PGlite has one process, and a
 * killed one takes the whole database with it).
 */
let t: TestApp;
const children: ChildProcess[] = [];
const names = [0, 1].map(() => `kill-test.${randomBytes(4).toString('hex')}`);

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  if (onPostgres) {
    await t.deps.database.executeSql('delete from event_subscriber_positions where subscriber = any($1)', [names]);
    await t.deps.database.executeSql('delete from test_event_deliveries where subscriber = any($1)', [names]);
  }
  await t?.close();
});

function dispatcher(company: string, hang: boolean) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/test/dispatcher-child.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      COMPANY: company,
      SUBSCRIBERS: names.join(','),
      HANG: hang ? '1' : '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, out: () => out, err: () => err, exited };
}

const deliveries = async (company: string) =>
  (
    await t.deps.database.executeSql(
      `select d.subscriber, count(*)::int as n from test_event_deliveries d
       join outbox_events e on e.id = d.event_id where e.azienda_id = $1 group by d.subscriber`,
      [company],
    )
  ).rows as { subscriber: string; n: number }[];

describe.skipIf(!onPostgres)('the dispatcher killed with kill -9', () => {
  it('hands a report completed while it was killed to each subscriber exactly once after it restarts', async () => {
    await t.deps.database.executeSql(
      'create table if not exists test_event_deliveries (subscriber text not null, event_id uuid not null)',
    );
    const noop = async () => {};
    await registerSubscribers(
      t.deps,
      names.map((name) => defineSubscriber({ name, events: ['report.completed'], handle: noop })),
    );
    const x = await reportCompany(t);
    const company = x.c.company.id;

    const first = dispatcher(company, true);
    await expect.poll(first.out, { timeout: 60_000 }).toContain('READY');
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      giornate: [day(x.techId, '2026-11-02')],
    });
    const id = r.json.item.id as string;
    expect((await x.post(x.admin, '/rapportini/rapportino/chiusura', { id })).status).toBe(200);
    expect((await x.post(x.admin, '/rapportini/rapportino/chiusura', { id, azione: 'completa' })).status).toBe(200);

    // The first subscriber has written its row and waits inside its transaction: killed there.
    await expect.poll(first.out, { timeout: 30_000 }).toContain('HANDLING');
    first.child.kill('SIGKILL');
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(await deliveries(company)).toEqual([]);

    const second = dispatcher(company, false);
    await expect
      .poll(async () => (await deliveries(company)).sort((a, b) => a.subscriber.localeCompare(b.subscriber)), {
        timeout: 30_000,
        interval: 200,
      })
      .toEqual(
        names.map((subscriber) => ({ subscriber, n: 1 })).sort((a, b) => a.subscriber.localeCompare(b.subscriber)),
      );
    // Given time to hand anything twice, it does not; both positions stand past the event.
    await new Promise((res) => setTimeout(res, 1500));
    expect((await deliveries(company)).map((d) => d.n)).toEqual([1, 1]);
    const passed = await t.deps.database.executeSql(
      `select p.subscriber from event_subscriber_positions p, outbox_events e
       where p.subscriber = any($1) and e.azienda_id = $2 and e.tipo = 'report.completed'
         and (p.last_txid, p.last_seq) >= (e.txid, e.seq)`,
      [names, company],
    );
    expect(passed.rows).toHaveLength(2);
    second.child.kill('SIGKILL');
    await second.exited;
    expect(second.err()).not.toContain('event subscriber failed');
  }, 180_000);
});
