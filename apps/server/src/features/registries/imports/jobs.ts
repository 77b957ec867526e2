import { defineJob } from '../../../platform/job-registry.js';
import { IMPORT_QUEUE, type ImportJob } from './service.js';
import { runImport } from './runner.js';

/** One CSV import, run in the background after its mapping is confirmed. */
export const importJob = defineJob<ImportJob>({
  queue: IMPORT_QUEUE,
  run: (deps, job) => runImport(deps, job.aziendaId, job.importId),
});
