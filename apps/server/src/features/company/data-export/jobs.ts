import { defineJob } from '../../../platform/job-registry.js';
import {
  DATA_EXPORT_CLEANUP_QUEUE,
  DATA_EXPORT_QUEUE,
  removeExpired,
  runExport,
  type DataExportJob,
} from './runner.js';

/** One data export, built in the background. */
export const dataExportJob = defineJob<DataExportJob>({ queue: DATA_EXPORT_QUEUE, run: runExport });

/** Every night: exports past their expiry removed with their files. */
export const dataExportCleanupJob = defineJob({
  queue: DATA_EXPORT_CLEANUP_QUEUE,
  run: async (deps) => {
    const n = await removeExpired(deps);
    if (n) deps.log.info({ removed: n }, 'expired data exports removed');
  },
  cron: { expression: '40 3 * * *', data: {} },
});
