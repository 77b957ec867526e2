import type { Deps } from './deps.js';
import { defineJob } from './job-registry.js';

/**
 * The query planner's statistics of the embedded database. PostgreSQL's autovacuum refreshes them as
 * tables grow; PGlite has no autovacuum, so an embedded installation would keep planning its queries
 * (the planner's month, the lists) on the figures of its first day. Every night at 03:40 (Rome) it
 * analyzes every table; on PostgreSQL the job does nothing.
 */
export const DB_STATISTICS_QUEUE = 'db-statistics';
export const DB_STATISTICS_CRON = '40 3 * * *';

export async function refreshStatistics(deps: Pick<Deps, 'database'>): Promise<boolean> {
  if (deps.database.kind !== 'pglite') return false;
  await deps.database.executeSql('analyze');
  return true;
}

export const dbStatisticsJob = defineJob({
  queue: DB_STATISTICS_QUEUE,
  run: async (deps) => {
    await refreshStatistics(deps);
  },
  cron: { expression: DB_STATISTICS_CRON, data: {} },
});
