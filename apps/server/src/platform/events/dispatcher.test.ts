import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestApp, type TestApp } from '../../test/harness.js';
import { createCompany } from '../../test/factories.js';
import { systemContext, type CompanyContext } from '../context.js';
import type { AppEvent, DeliveredEvent } from './catalog.js';
import { defineSubscriber, dispatchEvents, registerSubscribers, type AnySubscriber } from './dispatcher.js';

let t: TestApp;
const made: string[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  if (made.length) {
    await t.deps.database.executeSql('delete from event_subscriber_positions where subscriber = any($1)', [made]);
  }
  await t?.close();
});

const completed = (id = randomUUID(), n = '1'): AppEvent => ({
  type: 'report.completed',
  aggregateId: id,
  payload: {
    id,
    numero_assistenza: n,
    cliente_id: randomUUID(),
    totale: null,
    totale_ore: '1.00',
    completato_at: new Date().toISOString(),
  },
});

/** A subscriber of its own (names are global on the shared database) that records what it is handed for one company. */
function recorder(aziendaId: string, opts: { failFirst?: number } = {}) {
  const name = `test.${randomBytes(4).toString('hex')}`;
  made.push(name);
  const seen: string[] = [];
  let failures = opts.failFirst ?? 0;
  const sub = defineSubscriber({
    name,
    events: ['report.completed'],
    async handle(ctx: CompanyContext, e: Extract<DeliveredEvent, { type: 'report.completed' }>) {
      if (e.aziendaId !== aziendaId) return;
      expect(ctx.company.id).toBe(aziendaId);
      expect(ctx.principal).toMatchObject({ kind: 'system', job: `event:${name}` });
      if (failures > 0) {
        failures--;
        throw new Error('not now');
      }
      seen.push(e.payload.numero_assistenza!);
    },
  });
  return { name, sub, seen };
}

async function company() {
  const c = await createCompany(t);
  return { id: c.company.id, ctx: await systemContext(t.deps, c.company.id, 'test') };
}

const outboxOf = async (aziendaId: string) =>
  (
    await t.deps.database.executeSql('select tipo, payload from outbox_events where azienda_id = $1 order by seq', [
      aziendaId,
    ])
  ).rows as { tipo: string; payload: { numero_assistenza: string } }[];

/** Dispatches until every given subscriber is idle (events of other test files may be ready too). */
async function drain(subs: AnySubscriber[]) {
  for (let i = 0; i < 200; i++) {
    const r = await dispatchEvents(t.deps, subs);
    if (!r.waiting && !r.failed.length && Object.values(r.delivered).every((n) => n === 0)) return;
    if (r.waiting) await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('the dispatcher did not settle');
}

describe('the company context and its outbox', () => {
  it('writes an event with its transaction, rolls it back with it, and refuses one outside a transaction', async () => {
    const { id, ctx } = await company();
    expect(ctx.company).toMatchObject({ id, timezone: 'Europe/Rome', lingua: 'IT' });
    expect(ctx.clock).toBe(t.deps.clock);
    await ctx.transaction((tx) => tx.emit(completed(undefined, 'kept')));
    await expect(
      ctx.transaction(async (tx) => {
        await tx.emit(completed(undefined, 'rolled back'));
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    // A savepoint rolled back takes its event with it; the outer transaction keeps its own.
    await ctx.transaction(async (tx) => {
      await tx.emit(completed(undefined, 'outer'));
      await tx
        .transaction(async (inner) => {
          await inner.emit(completed(undefined, 'inner'));
          throw new Error('inner fails');
        })
        .catch(() => {});
    });
    expect((await outboxOf(id)).map((e) => e.payload.numero_assistenza)).toEqual(['kept', 'outer']);
    await expect(ctx.emit(completed())).rejects.toThrow(/outside a transaction/);
    // A payload that does not match its schema is refused before anything is written.
    await expect(
      ctx.transaction((tx) => tx.emit({ ...completed(), payload: { id: 'x' } } as unknown as AppEvent)),
    ).rejects.toThrow();
    expect(await outboxOf(id)).toHaveLength(2);
  });
});

describe('the dispatcher', () => {
  it('hands events in order, at least once, to two subscribers with positions of their own', async () => {
    const { id, ctx } = await company();
    const a = recorder(id);
    const b = recorder(id, { failFirst: 2 });
    await registerSubscribers(t.deps, [a.sub, b.sub]);
    for (const n of ['1', '2', '3']) await ctx.transaction((tx) => tx.emit(completed(undefined, n)));
    // An event is handed once every transaction older than its own has ended, other test files' too (on PostgreSQL a
    // loaded machine kept them waiting past one dispatch): a takes them first, then b has them ready.
    for (let i = 0; i < 200 && a.seen.length < 3; i++) {
      if ((await dispatchEvents(t.deps, [a.sub])).waiting) await new Promise((res) => setTimeout(res, 50));
    }
    // b fails on its first event: a goes on, b's position stays before it.
    const first = await dispatchEvents(t.deps, [a.sub, b.sub]);
    expect(first.failed).toEqual([b.name]);
    expect(a.seen).toEqual(['1', '2', '3']);
    expect(b.seen).toEqual([]);
    const pos = await t.deps.database.executeSql(
      'select failures, last_error from event_subscriber_positions where subscriber = $1',
      [b.name],
    );
    expect(pos.rows[0]).toMatchObject({ failures: 1, last_error: 'not now' });
    await dispatchEvents(t.deps, [b.sub]).catch(() => {});
    await drain([a.sub, b.sub]);
    expect(b.seen).toEqual(['1', '2', '3']);
    expect(a.seen).toEqual(['1', '2', '3']);
    await ctx.transaction((tx) => tx.emit(completed(undefined, '4')));
    await drain([b.sub]);
    expect([a.seen.length, b.seen]).toEqual([3, ['1', '2', '3', '4']]);
    await drain([a.sub]);
    expect(a.seen).toEqual(['1', '2', '3', '4']);
  });

  it('hands every event of a transaction that wrote ten or more, in order (seq 10 after 9, not after 1)', async () => {
    const { id, ctx } = await company();
    const a = recorder(id);
    await registerSubscribers(t.deps, [a.sub]);
    const numbers = Array.from({ length: 25 }, (_, i) => String(i + 1));
    await ctx.transaction(async (tx) => {
      for (const n of numbers) await tx.emit(completed(undefined, n));
    });
    await drain([a.sub]);
    expect(a.seen).toEqual(numbers);
  });

  it('a new subscriber starts at the events still to come, not at history', async () => {
    const { id, ctx } = await company();
    await ctx.transaction((tx) => tx.emit(completed(undefined, 'old')));
    const late = recorder(id);
    await registerSubscribers(t.deps, [late.sub]);
    await ctx.transaction((tx) => tx.emit(completed(undefined, 'new')));
    await drain([late.sub]);
    expect(late.seen).toEqual(['new']);
  });

  it('two dispatchers at once never hand one event twice to one subscriber', async () => {
    const { id, ctx } = await company();
    const a = recorder(id);
    await registerSubscribers(t.deps, [a.sub]);
    const numbers = Array.from({ length: 20 }, (_, i) => String(i + 1));
    for (const n of numbers) await ctx.transaction((tx) => tx.emit(completed(undefined, n)));
    await Promise.all([dispatchEvents(t.deps, [a.sub]), dispatchEvents(t.deps, [a.sub]), drain([a.sub])]);
    await drain([a.sub]);
    expect(a.seen).toEqual(numbers);
  });

  it.skipIf(!onPostgres)(
    'never passes an event of a transaction that commits after a later one: it waits for the older transaction',
    async () => {
      const { id, ctx } = await company();
      const a = recorder(id);
      await registerSubscribers(t.deps, [a.sub]);
      const slow = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await slow.connect();
      try {
        await slow.query('begin');
        // The older transaction writes first (its xid and seq are lower) and commits last.
        const e = completed(undefined, 'older');
        await slow.query(
          `insert into outbox_events (azienda_id, tipo, aggregate_id, payload) values ($1, 'report.completed', $2, $3)`,
          [id, e.aggregateId, JSON.stringify(e.payload)],
        );
        await ctx.transaction((tx) => tx.emit(completed(undefined, 'newer')));
        const r = await dispatchEvents(t.deps, [a.sub]);
        expect(a.seen).toEqual([]);
        expect(r.waiting).toBe(true);
        await slow.query('commit');
      } finally {
        await slow.end();
      }
      await drain([a.sub]);
      expect(a.seen).toEqual(['older', 'newer']);
    },
  );
});
