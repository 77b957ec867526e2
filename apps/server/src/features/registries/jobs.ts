import { importJob } from './imports/jobs.js';
import { storageRecalcJob } from './media/jobs.js';

/** The registries area's background jobs. */
export const registriesJobs = [importJob, storageRecalcJob];
