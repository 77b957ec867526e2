import { dataExportCleanupJob, dataExportJob } from './data-export/jobs.js';
import { webhooksJobs } from './webhooks/jobs.js';
import { accountingJobs } from './accounting/jobs.js';

/** The company area's background jobs. */
export const companyJobs = [dataExportJob, dataExportCleanupJob, ...webhooksJobs, ...accountingJobs];
