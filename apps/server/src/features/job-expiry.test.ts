import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import PgBoss from 'pg-boss';
import { loadConfig } from '../config.js';
import { allJobs } from './jobs.js';
import { onPostgres } from '../test/harness.js';
import { openDatabase, type Database } from '../platform/db/client.js';
import type { Deps } from '../platform/deps.js';
import { defineJob, startJobs } from '../platform/job-registry.js';
import { Jobs, retryBoundSec } from '../platform/jobs.js';
import { silentLog } from '../test/silent-log.js';

/*
 * Issue 22, point 11: a mail job interrupted by kill -9 was delivered 16 minutes later, when pg-boss
 * noticed its expiry. Short, retry-safe jobs now expire after JOB_EXPIRE_SEC and the maintenance that
 * notices it runs a third of that apart: with the defaults such a job runs again within a minute of
 * its worker's death. The test runs the same mechanism with a 2-second expiry.
 */

describe('jobs whose worker died', () => {
  it('with the defaults, a short job runs again within a minute; the mail jobs, the events dispatcher, the webhook deliveries and the accounting exports are the short ones', () => {
    const config = loadConfig({});
    // The report and contract notice mails retry after MAIL_RETRY_DELAY_SEC, every other mail after 5 s.
    expect(retryBoundSec(config.JOB_EXPIRE_SEC, config.MAIL_RETRY_DELAY_SEC)).toBeLessThanOrEqual(60);
    expect(retryBoundSec(config.JOB_EXPIRE_SEC, 5)).toBeLessThanOrEqual(60);
    expect(
      allJobs
        .filter((j) => j.short)
        .map((j) => j.queue)
        .sort(),
    ).toEqual([
      'accounting-export',
      'contracts-notice-mail',
      'events-dispatch',
      'report-mail',
      'send-mail',
      'webhooks-deliver',
    ]);
  });

  describe('on the database', () => {
    let database: Database;
    const schema = onPostgres ? `pgboss_e${randomBytes(4).toString('hex')}` : 'pgboss';
    beforeAll(async () => {
      database = onPostgres
        ? await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL })
        : await openDatabase({ loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) });
    });
    afterAll(async () => {
      if (onPostgres) await database?.executeSql(`drop schema if exists ${schema} cascade`);
      await database?.close();
    });

    it('a short job taken by a worker that never finished it runs again soon after its expiry; a long job keeps 15 minutes', async () => {
      const EXPIRE = 2;
      const RETRY_DELAY = 1;
      const jobs = await Jobs.start(database, schema, silentLog, true, EXPIRE);
      const deps = { database, jobs, log: silentLog, config: { JOB_EXPIRE_SEC: EXPIRE } } as unknown as Deps;
      const runs: { at: number; n: number }[] = [];
      const short = defineJob<{ n: number }>({
        queue: 'expiry-short',
        run: async (_deps, data) => {
          runs.push({ at: Date.now(), n: data.n });
        },
        short: true,
      });
      const long = defineJob({ queue: 'expiry-long', run: async () => {} });
      const dead = new PgBoss({ db: { executeSql: database.executeSql }, schema, supervise: false, schedule: false });
      try {
        await startJobs(deps, [short, long], false);
        const id = await jobs.send('expiry-short', { n: 1 }, { retryDelay: RETRY_DELAY });
        // The worker that dies: it takes the job (active) and is never heard of again.
        await dead.start();
        const [taken] = await dead.fetch('expiry-short');
        expect(taken?.id).toBe(id);
        const diedAt = Date.now();
        await dead.stop({ graceful: false, close: false });

        await startJobs(deps, [short, long], true);
        await expect.poll(() => runs.length, { timeout: 20_000, interval: 100 }).toBe(1);
        expect(runs[0]!.n).toBe(1);
        expect(runs[0]!.at - diedAt).toBeLessThan((retryBoundSec(EXPIRE, RETRY_DELAY) + 2) * 1000);
        // The same job, run once more (a retry), and done.
        const row = async () =>
          (await database.executeSql(`select state, retry_count from ${schema}.job where id = $1`, [id])).rows[0] as {
            state: string;
            retry_count: number;
          };
        await expect.poll(async () => (await row()).state, { timeout: 10_000, interval: 100 }).toBe('completed');
        expect((await row()).retry_count).toBe(1);

        const queues = await database.executeSql(
          `select name, expire_seconds from ${schema}.queue where name in ('expiry-short', 'expiry-long') order by name`,
        );
        expect(queues.rows).toEqual([
          { name: 'expiry-long', expire_seconds: null },
          { name: 'expiry-short', expire_seconds: EXPIRE },
        ]);
      } finally {
        await jobs.stop();
      }
    }, 60_000);
  });
});
