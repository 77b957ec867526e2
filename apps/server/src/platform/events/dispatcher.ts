import { sql } from 'drizzle-orm';
import type { Requirement } from '@fs/contract';
import type { Deps } from '../deps.js';
import type { Tx } from '../db/client.js';
import { companyOf, contextInTransaction, type CompanyContext } from '../context.js';
import { systemPrincipal } from '../auth/principal.js';
import { defineJob, type RegisteredJob } from '../job-registry.js';
import { isEventName, type DeliveredEvent, type EventName } from './catalog.js';
import { EVENTS_QUEUE, wakeDispatcher } from './outbox.js';

/**
 * The outbox's dispatcher (docs/decisions/0036-company-context-and-events.md). Each subscriber has a
 * position in the outbox (event_subscriber_positions); an event is handed to a subscriber in one
 * transaction that locks the subscriber's position (FOR UPDATE SKIP LOCKED: another worker passes
 * it by), runs the handler with a system context in that transaction and moves the position. A
 * handler that throws, or a process killed mid-way, rolls all of it back: the event is handed
 * again (at least once), and a handler whose effects are its database writes sees it exactly once.
 *
 * Order: events are read by (txid, seq) and only from transactions older than every transaction
 * still running (txid < pg_snapshot_xmin), so a transaction that commits late never puts an event
 * behind a position already passed.
 */
export interface Subscriber<N extends EventName = EventName> {
  /** Unique, stable: the position's key (renaming a subscriber starts it afresh). */
  name: string;
  events: readonly N[];
  /**
   * Events handed in one transaction (default 1): a subscriber whose handling is a few statements (the webhooks'
   * fan-out) saves a transaction and a position update per event. Each is still handed in order, on its own context.
   */
  batch?: number;
  /** What its system principal may do (the principal is named `event:<name>`). */
  grants?: readonly Requirement[];
  /**
   * Runs in the transaction that moves the position: its database writes commit with it. It may answer work to do
   * once that transaction has committed (waking a queue: on the embedded database a job sent from inside the
   * transaction would wait for the connection the transaction holds); a failure of that work is only logged.
   */
  handle(ctx: CompanyContext, event: Extract<DeliveredEvent, { type: N }>): Promise<void | AfterCommit>;
}

export type AnySubscriber = Subscriber<EventName>;

/** What a handler asks to run after its transaction's commit. */
export type AfterCommit = () => Promise<void>;

export const defineSubscriber = <N extends EventName>(s: Subscriber<N>): AnySubscriber => s as unknown as AnySubscriber;

/** Problems of a subscriber list: duplicate or badly formed names, unknown events. */
export function subscriberProblems(subs: readonly AnySubscriber[]): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const s of subs) {
    if (!/^[a-z][a-z0-9.-]*$/.test(s.name)) problems.push(`bad subscriber name: ${s.name}`);
    if (seen.has(s.name)) problems.push(`subscriber declared twice: ${s.name}`);
    seen.add(s.name);
    for (const e of s.events) if (!isEventName(e)) problems.push(`${s.name}: unknown event ${e}`);
  }
  return problems;
}

/**
 * Gives every subscriber a position (at start, in every process, before any request is served): a
 * new subscriber starts at the events of transactions still running or yet to come, not at history.
 */
export async function registerSubscribers(deps: Pick<Deps, 'db'>, subs: readonly AnySubscriber[]): Promise<void> {
  const problems = subscriberProblems(subs);
  if (problems.length) throw new Error(`event subscribers: ${problems.join('; ')}`);
  if (subs.length === 0) return;
  // One statement for all of them: a start pays one round trip, not one per subscriber.
  const names = sql.join(
    subs.map((s) => sql`${s.name}`),
    sql`, `,
  );
  await deps.db.execute(sql`
    insert into event_subscriber_positions (subscriber, last_txid, last_seq)
    select name, pg_snapshot_xmin(pg_current_snapshot()), 0 from unnest(array[${names}]::text[]) as name
    on conflict (subscriber) do nothing`);
}

type Step = 'delivered' | 'idle' | 'busy' | 'failed';

interface OutboxRow extends Record<string, unknown> {
  id: string;
  seq: string;
  txid: string;
  azienda_id: string;
  tipo: string;
  version: number;
  aggregate_id: string;
  payload: unknown;
  created_at: string | Date;
}

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/** Locks the subscriber's position, or answers null when another worker holds it. */
async function lockPosition(tx: Tx, name: string) {
  const rows = rowsOf<{ last_txid: string; last_seq: string }>(
    await tx.execute(sql`
      select last_txid::text as last_txid, last_seq::text as last_seq from event_subscriber_positions
      where subscriber = ${name} for update skip locked`),
  );
  return rows[0] ?? null;
}

/**
 * Hands the subscriber its next events, if any is ready: one, or up to its `batch`, in order, in one transaction
 * (a failure rolls all of them back and they are handed again). Answers how many were handed.
 */
async function step(deps: Deps, sub: AnySubscriber): Promise<{ step: Step; handed: number }> {
  let woken = 0;
  const afters = new Set<AfterCommit>();
  let outcome: { step: Step; handed: number };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const pos = await lockPosition(tx, sub.name);
      if (!pos) return { step: 'busy' as const, handed: 0 };
      const events = rowsOf<OutboxRow>(
        await tx.execute(sql`
          select e.id, e.seq::text as seq, e.txid::text as txid, e.azienda_id, e.tipo, e.version, e.aggregate_id,
            e.payload, e.created_at
          from outbox_events e
          where (e.txid, e.seq) > (${pos.last_txid}::xid8, ${pos.last_seq}::bigint)
            and e.txid < pg_snapshot_xmin(pg_current_snapshot())
            and e.tipo = any(${sql.raw(`array[${sub.events.map((n) => `'${n}'`).join(',')}]::text[]`)})
          -- The columns, not the text aliases above: ordered as text, seq 10 would come before seq 2 (and a txid
          -- 1000 before 999), and the position would pass events never handed.
          order by e.txid, e.seq
          limit ${Math.max(1, sub.batch ?? 1)}`),
      );
      if (!events.length) return { step: 'idle' as const, handed: 0 };
      const companies = new Map<string, Awaited<ReturnType<typeof companyOf>>>();
      for (const e of events) {
        let company = companies.get(e.azienda_id);
        if (!company) companies.set(e.azienda_id, (company = await companyOf(tx, e.azienda_id)));
        const { ctx, emitted } = contextInTransaction(
          deps,
          company,
          systemPrincipal(`event:${sub.name}`, sub.grants ?? []),
          tx,
        );
        const after = await sub.handle(ctx, {
          id: e.id,
          seq: e.seq,
          aziendaId: e.azienda_id,
          type: e.tipo as EventName,
          version: e.version,
          aggregateId: e.aggregate_id,
          payload: e.payload as never,
          createdAt: new Date(e.created_at),
        });
        if (after) afters.add(after);
        woken += emitted();
      }
      const last = events.at(-1)!;
      await tx.execute(sql`
        update event_subscriber_positions
        set last_txid = ${last.txid}::xid8, last_seq = ${last.seq}::bigint, failures = 0, last_error = null, updated_at = now()
        where subscriber = ${sub.name}`);
      return { step: 'delivered' as const, handed: events.length };
    });
  } catch (err) {
    deps.log.error({ err, subscriber: sub.name }, 'event subscriber failed: the event is handed again');
    await deps.db
      .execute(
        sql`update event_subscriber_positions set failures = failures + 1, last_error = ${String((err as Error)?.message ?? err).slice(0, 500)}, updated_at = now()
            where subscriber = ${sub.name}`,
      )
      .catch(() => {});
    return { step: 'failed', handed: 0 };
  }
  if (woken) await wakeDispatcher(deps);
  // The same work asked by several events of a batch (the same function) runs once.
  for (const after of afters)
    await after().catch((err: unknown) => deps.log.warn({ err, subscriber: sub.name }, 'after-commit work failed'));
  return outcome;
}

/** Whether committed events wait behind a transaction still running (then a later wake-up is due). */
async function waiting(deps: Deps, sub: AnySubscriber): Promise<boolean> {
  const rows = rowsOf<{ n: number }>(
    await deps.db.execute(sql`
      select 1 as n from outbox_events e, event_subscriber_positions p
      where p.subscriber = ${sub.name} and (e.txid, e.seq) > (p.last_txid, p.last_seq)
        and e.txid >= pg_snapshot_xmin(pg_current_snapshot())
        and e.tipo = any(${sql.raw(`array[${sub.events.map((n) => `'${n}'`).join(',')}]::text[]`)})
      limit 1`),
  );
  return rows.length > 0;
}

export interface DispatchResult {
  delivered: Record<string, number>;
  failed: string[];
  /** Events committed but waiting behind an older transaction still running. */
  waiting: boolean;
}

/**
 * Hands every subscriber the events it has not handled yet, in order, until none is ready, one
 * fails, another worker holds its position, or `budgetMs` is spent.
 */
export async function dispatchEvents(
  deps: Deps,
  subs: readonly AnySubscriber[],
  budgetMs = 10_000,
): Promise<DispatchResult> {
  const until = Date.now() + budgetMs;
  const result: DispatchResult = { delivered: {}, failed: [], waiting: false };
  for (const sub of subs) {
    let n = 0;
    let last: Step = 'delivered';
    while (last === 'delivered' && Date.now() < until) {
      const r = await step(deps, sub);
      last = r.step;
      n += r.handed;
    }
    result.delivered[sub.name] = n;
    if (last === 'failed') result.failed.push(sub.name);
    if (last === 'delivered') result.waiting = true; // out of budget: more may be ready
    if (last === 'idle' && (await waiting(deps, sub))) result.waiting = true;
  }
  return result;
}

/**
 * The dispatcher as a short pg-boss job: woken after each commit that wrote events, and every
 * minute by its cron (a lost wake-up waits at most that long). Events still behind a running
 * transaction are looked at again a second later; a failed subscriber fails the job, which pg-boss
 * retries (then the next sweep).
 */
export function eventsDispatchJob(subs: readonly AnySubscriber[]): RegisteredJob {
  return defineJob<Record<string, never>>({
    queue: EVENTS_QUEUE,
    short: true,
    cron: { expression: '* * * * *', data: {} },
    run: async (deps) => {
      const r = await dispatchEvents(deps, subs);
      if (r.waiting) await deps.jobs.sendAfter(EVENTS_QUEUE, {}, new Date(Date.now() + 1000));
      if (r.failed.length) throw new Error(`event subscribers failed: ${r.failed.join(', ')}`);
    },
  });
}
