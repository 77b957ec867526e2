import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client.js';

export type JobHandler<T> = (data: T) => Promise<void>;

/** Durable background jobs on the application's own database (pg-boss). */
export class Jobs {
  private constructor(private readonly boss: PgBoss) {}

  static async start(database: Database, schema: string, log: FastifyBaseLogger): Promise<Jobs> {
    const boss = new PgBoss({
      db: { executeSql: database.executeSql },
      schema,
      // PGlite runs in this process: keep maintenance light there.
      // No cron schedules yet; maintenance stays on (archive, expiry).
      schedule: false,
    });
    boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
    await boss.start();
    return new Jobs(boss);
  }

  async register<T extends object>(queue: string, handler: JobHandler<T>, log: FastifyBaseLogger): Promise<void> {
    await this.boss.createQueue(queue);
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

  send<T extends object>(queue: string, data: T): Promise<string | null> {
    return this.boss.send(queue, data, { retryLimit: 3, retryDelay: 5, retryBackoff: true });
  }

  /** A job that may not start before `startAfter` (deferred work: the company deletion). */
  sendAfter<T extends object>(queue: string, data: T, startAfter: Date): Promise<string | null> {
    return this.boss.sendAfter(queue, data, { retryLimit: 3, retryDelay: 30, retryBackoff: true }, startAfter);
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 5000 });
  }
}
