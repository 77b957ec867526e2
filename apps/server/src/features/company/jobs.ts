import { dataExportCleanupJob, dataExportJob } from './data-export/jobs.js';

/** The company area's background jobs. */
export const companyJobs = [dataExportJob, dataExportCleanupJob];
