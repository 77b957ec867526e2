import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestApp, type TestApp } from '../test/harness.js';
import { DB_STATISTICS_CRON, DB_STATISTICS_QUEUE, refreshStatistics } from './db-statistics-job.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('the nightly planner statistics', () => {
  it('is scheduled once a day on the job queue', async () => {
    expect(await t.deps.jobs.schedules()).toContainEqual({
      name: DB_STATISTICS_QUEUE,
      cron: DB_STATISTICS_CRON,
      tz: 'Europe/Rome',
    });
  });

  it('analyzes the embedded database (PostgreSQL has autovacuum: nothing to do)', async () => {
    const lastAnalyze = async () =>
      (await t.deps.database.executeSql("select last_analyze from pg_stat_user_tables where relname = 'appuntamenti'"))
        .rows[0]?.last_analyze as Date | null | undefined;
    const before = await lastAnalyze();
    const ran = await refreshStatistics(t.deps);
    expect(ran).toBe(!onPostgres);
    if (onPostgres) return;
    const after = await lastAnalyze();
    expect(after).toBeTruthy();
    expect(new Date(after!).getTime()).toBeGreaterThan(before ? new Date(before).getTime() : 0);
  });
});
