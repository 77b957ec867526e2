import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { registryProblems, defineJob, startJobs } from '../platform/job-registry.js';
import type { Deps } from '../platform/deps.js';
import { Jobs } from '../platform/jobs.js';
import { openDatabase, type Database } from '../platform/db/client.js';
import { allJobs } from './jobs.js';
import { call, onPostgres, startTestApp, type TestApp } from '../test/harness.js';
import { createCompany } from '../test/factories.js';
import { silentLog } from '../test/silent-log.js';

describe('job registry', () => {
  it('declares every job once, with a handler and a valid queue name', () => {
    expect(registryProblems(allJobs)).toEqual([]);
    expect(allJobs.map((j) => j.queue).sort()).toEqual([
      'accounting-export',
      'company-delete',
      'contracts-notice-mail',
      'contracts-renewal',
      'csv-import',
      'data-export',
      'data-export-cleanup',
      'db-statistics',
      'events-dispatch',
      'report-mail',
      'schedule-reminders',
      'send-mail',
      'storage-recalc',
      'storage-sweep',
      'webhooks-deliver',
    ]);
    for (const j of allJobs) expect(typeof j.run).toBe('function');
    const dup = defineJob({ queue: 'send-mail', run: async () => {} });
    expect(registryProblems([...allJobs, dup])).toEqual(['queue declared twice: send-mail']);
    expect(registryProblems([defineJob({ queue: 'Bad Name', run: async () => {} })])).toEqual([
      'bad queue name: Bad Name',
    ]);
  });
});

/*
 * Several API processes and a worker process on one PostgreSQL database (ROLE=api / worker).
 * Each instance below has its own connection pool, token verifier and job queue client, as a
 * separate process would; they share only the database.
 */
describe.skipIf(!onPostgres)('API and worker processes sharing one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ ROLE: 'api' });
    b = await startTestApp({ ROLE: 'api' });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('two API processes accept each other’s sessions and refresh them', async () => {
    const c = await createCompany(a);
    const s = await c.login('admin');
    const onB = await call(b.app, 'GET', '/api/session/session', s);
    expect([onB.status, onB.json.item.username]).toEqual([200, 'admin']);
    const refreshed = await call(b.app, 'GET', '/api/session/generate-access-token', {
      token: s.refreshToken,
      deviceId: s.deviceId,
    });
    expect(refreshed.status).toBe(200);
    const backOnA = await call(a.app, 'GET', '/api/session/session', {
      token: refreshed.json.access_token,
      deviceId: s.deviceId,
    });
    expect(backOnA.status).toBe(200);
    // The refresh token B handed out works on A in turn.
    const again = await call(a.app, 'GET', '/api/session/generate-access-token', {
      token: refreshed.json.refresh_token,
      deviceId: s.deviceId,
    });
    expect(again.status).toBe(200);
  });

  it('an API process without workers answers health and enqueues; the worker role serves no API', async () => {
    expect((await call(a.app, 'GET', '/api/health')).status).toBe(200);
    const worker = await startTestApp({ ROLE: 'worker' });
    try {
      expect((await call(worker.app, 'GET', '/api/health')).status).toBe(200);
      expect((await call(worker.app, 'GET', '/api/session/session')).status).toBe(404);
    } finally {
      await worker.close();
    }
  });

  it('an API and a worker process starting together on a fresh database both start (queues made in turn)', async () => {
    const schema = `pgboss_s${randomBytes(4).toString('hex')}`;
    const dbs: Database[] = [];
    const started: Jobs[] = [];
    try {
      await Promise.all(
        [false, true].map(async (work) => {
          const db = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
          dbs.push(db);
          const jobs = await Jobs.start(db, schema, silentLog, work);
          started.push(jobs);
          await startJobs(
            { database: db, jobs, log: silentLog, config: { JOB_EXPIRE_SEC: 30 } } as unknown as Deps,
            allJobs,
            work,
          );
        }),
      );
      const queues = await dbs[0]!.executeSql(
        `select name from ${schema}.queue where not starts_with(name, '__pgboss') order by name`,
      );
      expect(queues.rows.map((r: any) => r.name)).toEqual(allJobs.map((j) => j.queue).sort());
    } finally {
      for (const j of started) await j.stop();
      await dbs[0]?.executeSql(`drop schema if exists ${schema} cascade`);
      for (const d of dbs) await d.close();
    }
  });

  it('a job is processed exactly once while two workers poll the same queue', async () => {
    const schema = `pgboss_w${randomBytes(4).toString('hex')}`;
    const dbs: Database[] = [];
    const workers: Jobs[] = [];
    const seen = new Map<string, number>();
    const queue = 'count-once';
    try {
      for (let i = 0; i < 2; i++) {
        const db = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
        dbs.push(db);
        const jobs = await Jobs.start(db, schema, silentLog);
        workers.push(jobs);
        await jobs.register<{ n: number }>(
          queue,
          async (data) => {
            seen.set(String(data.n), (seen.get(String(data.n)) ?? 0) + 1);
            await new Promise((r) => setImmediate(r));
          },
          silentLog,
        );
      }
      const ids: string[] = [];
      for (let n = 0; n < 30; n++) ids.push((await workers[n % 2]!.send(queue, { n }))!);
      // Done when pg-boss has every job completed: nothing is left that could run again.
      const done = async () => {
        const r = await dbs[0]!.executeSql(
          `select count(*)::int as n from ${schema}.job where name = $1 and state = 'completed'`,
          [queue],
        );
        return (r.rows[0] as { n: number }).n;
      };
      await expect.poll(done, { timeout: 20_000, interval: 200 }).toBe(30);
      expect(seen.size).toBe(30);
      expect([...seen.values()].every((times) => times === 1)).toBe(true);
    } finally {
      for (const w of workers) await w.stop();
      await dbs[0]?.executeSql(`drop schema if exists ${schema} cascade`);
      for (const db of dbs) await db.close();
    }
  });
});
