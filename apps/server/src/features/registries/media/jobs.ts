import { defineJob } from '../../../platform/job-registry.js';
import { STORAGE_RECALC_CRON, STORAGE_RECALC_QUEUE, recalculateAll } from './quota.js';

/** The daily recalculation of every company's used space (docs/features/registries.md, media and storage). */
export const storageRecalcJob = defineJob({
  queue: STORAGE_RECALC_QUEUE,
  run: (deps) => recalculateAll(deps),
  cron: { expression: STORAGE_RECALC_CRON, data: {} },
});
