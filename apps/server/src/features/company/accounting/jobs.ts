import { defineJob } from '../../../platform/job-registry.js';
import { ACCOUNTING_QUEUE, runExports } from './worker.js';

/**
 * Exports of completed reports to the management tool (decision 0051): woken by a completed report or a manual
 * export, and swept every minute (retries due, a rate limit's wait over, a company connected since).
 */
export const accountingExportJob = defineJob<Record<string, never>>({
  queue: ACCOUNTING_QUEUE,
  short: true,
  policy: 'short',
  cron: { expression: '* * * * *', data: {} },
  run: (deps) => runExports(deps),
});

export const accountingJobs = [accountingExportJob];
