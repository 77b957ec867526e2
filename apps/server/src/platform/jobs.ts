import PgBoss from 'pg-boss';
import { DEFAULT_TIME_ZONE } from '@fs/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client.js';

export type JobHandler<T> = (data: T) => Promise<void>;

/** Durable background jobs on the application's own database (pg-boss). */
export class Jobs {
  /** The queues known to exist, with their expiry: read once, so a restart does not remake every queue. */
  private known?: Promise<Map<string, number | undefined>>;

  private constructor(
    private readonly boss: PgBoss,
    private readonly database: Database,
    private readonly schema: string,
  ) {}

  /**
   * `work` false (ROLE=api): this process only enqueues; crons and maintenance are left to the
   * processes that run workers.
   */
  static async start(
    database: Database,
    schema: string,
    log: FastifyBaseLogger,
    work = true,
    shortExpireSec = DEFAULT_SHORT_EXPIRE_SEC,
  ): Promise<Jobs> {
    const boss = new PgBoss({
      db: { executeSql: database.executeSql },
      schema,
      // Cron schedules (the daily storage recalculation) run on both databases: pg-boss keeps
      // them in its own tables and one instance at a time turns a due one into a job.
      schedule: work,
      supervise: work,
      // The maintenance finds the jobs whose worker died (active past their expiry) and retries
      // them: it runs often enough that a short job is retried within a minute (retryBoundSec).
      maintenanceIntervalSeconds: maintenanceIntervalSec(shortExpireSec),
    });
    boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
    await boss.start();
    return new Jobs(boss, database, schema);
  }

  /**
   * Makes a queue if it does not exist yet (a send to a missing queue fails). Making a queue
   * attaches a partition to pg-boss's job table; a worker's maintenance touching that table at the
   * same moment in another process can make PostgreSQL abort one of the two as a deadlock. The
   * aborted statement rolled back whole and making a queue is idempotent, so it is tried again.
   */
  async createQueue(queue: string, options: { expireInSeconds?: number; policy?: 'short' } = {}): Promise<void> {
    // Making a queue that exists costs as much as making it (pg-boss's create_queue takes a lock and
    // checks its table): a queue already there with the same expiry is left as it is.
    this.known ??= this.boss
      .getQueues()
      .then((qs) => new Map(qs.map((q) => [q.name, q.expireInSeconds ?? undefined] as const)));
    const known = await this.known.catch(() => new Map<string, number | undefined>());
    if (known.has(queue) && (options.expireInSeconds === undefined || known.get(queue) === options.expireInSeconds))
      return;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.createQueue(queue, { name: queue, ...options });
        // A queue made before keeps its options otherwise: the declared expiry applies from this start.
        if (options.expireInSeconds !== undefined) await this.boss.updateQueue(queue, { name: queue, ...options });
        known.set(queue, options.expireInSeconds ?? known.get(queue));
        return;
      } catch (err) {
        if (!isDeadlock(err) || attempt >= QUEUE_ATTEMPTS) throw err;
        await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 100));
      }
    }
  }

  async register<T extends object>(queue: string, handler: JobHandler<T>, log: FastifyBaseLogger): Promise<void> {
    await this.createQueue(queue);
    await this.boss.work<T>(queue, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) {
        try {
          await handler(job.data);
        } catch (err) {
          log.error({ err, queue, job: job.id }, 'job failed');
          throw err;
        }
      }
    });
  }

  /**
   * Runs `queue` on a cron (5 fields, in `tz`); the queue's handler is registered separately.
   * Re-scheduling the same queue replaces its cron, so every start may call it.
   */
  async schedule<T extends object>(
    queue: string,
    cron: string,
    data: T,
    retry: { retryLimit?: number; retryDelay?: number; retryBackoff?: boolean } = {},
    tz = DEFAULT_TIME_ZONE,
  ): Promise<void> {
    await this.boss.schedule(queue, cron, data, { tz, retryLimit: 2, retryDelay: 60, ...retry });
  }

  /** The registered cron schedules (name, cron, timezone). */
  async schedules(): Promise<{ name: string; cron: string; tz: string | undefined }[]> {
    return (await this.boss.getSchedules()).map((s) => ({
      name: s.name,
      cron: s.cron,
      tz: (s as { timezone?: string }).timezone ?? s.options?.tz,
    }));
  }

  /** Enqueues a job: retried 3 times after 5 s, then about 10 s and 20 s (backoff) unless `retry` says otherwise. */
  send<T extends object>(
    queue: string,
    data: T,
    retry: { retryLimit?: number; retryDelay?: number } = {},
  ): Promise<string | null> {
    return this.boss.send(queue, data, { retryLimit: 3, retryDelay: 5, retryBackoff: true, ...retry });
  }

  /** A job that may not start before `startAfter` (deferred work: the company deletion). */
  sendAfter<T extends object>(
    queue: string,
    data: T,
    startAfter: Date,
    options: { singletonKey?: string } = {},
  ): Promise<string | null> {
    return this.boss.sendAfter(
      queue,
      data,
      { retryLimit: 3, retryDelay: 30, retryBackoff: true, ...options },
      startAfter,
    );
  }

  /**
   * The jobs not finished yet (created, waiting for a retry, or running), counted by queue and
   * state; only `queues` when given, and only those due within `dueWithinSec` (a job deferred to
   * next week is not pending work). What tests wait on (drainJobs) instead of sleeping.
   */
  async unfinished(
    queues?: readonly string[],
    dueWithinSec = 3600,
  ): Promise<{ queue: string; state: string; count: number }[]> {
    const { rows } = await this.database.executeSql(
      `select name as queue, state::text as state, count(*)::int as count from ${this.schema}.job
        where state in ('created', 'retry', 'active') and ($1::text[] is null or name = any($1::text[]))
          and start_after <= now() + make_interval(secs => $2::int)
        group by name, state order by name, state`,
      [queues ? [...queues] : null, dueWithinSec],
    );
    return rows as { queue: string; state: string; count: number }[];
  }

  /**
   * Stops taking jobs and waits up to `timeoutMs` for the running ones to finish (a shutdown's budget; main.ts exits
   * after 20 s whatever happens). A job still running then is marked failed and retried later by another worker.
   */
  async stop(timeoutMs = 5000): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: timeoutMs });
  }
}

const QUEUE_ATTEMPTS = 6;

/** JOB_EXPIRE_SEC's default (config.ts). */
export const DEFAULT_SHORT_EXPIRE_SEC = 30;

/** How often pg-boss's maintenance runs (expired jobs to retry, archiving): a third of the short expiry. */
export const maintenanceIntervalSec = (shortExpireSec: number) => Math.max(1, Math.floor(shortExpireSec / 3));

/**
 * The longest a short job waits to run again after its worker died right after taking it: its
 * expiry, then the maintenance that notices it, then its first retry delay (pg-boss's backoff
 * waits between one and two times the delay), then a worker's poll (half a second).
 */
export const retryBoundSec = (shortExpireSec: number, retryDelaySec: number) =>
  shortExpireSec + maintenanceIntervalSec(shortExpireSec) + 2 * retryDelaySec + 1;

/** PostgreSQL's deadlock_detected (40P01). */
const isDeadlock = (err: unknown): boolean => (err as { code?: unknown } | null)?.code === '40P01';
