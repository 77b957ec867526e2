import type { RegisteredJob } from '../platform/job-registry.js';
import { dbStatisticsJob } from '../platform/db-statistics-job.js';
import { mailJob } from '../platform/mail-job.js';
import { storageSweepJob } from '../platform/storage-removals.js';
import { eventsDispatchJob } from '../platform/events/dispatcher.js';
import { billingJobs } from './billing/jobs.js';
import { companyJobs } from './company/jobs.js';
import { operationsJobs } from './operations/jobs.js';
import { registriesJobs } from './registries/jobs.js';
import { allSubscribers } from './subscribers.js';

/**
 * Every background job of the product, in one registry: each area declares its own in its
 * `jobs.ts`. app.ts creates their queues in every process and runs them where ROLE is
 * `worker` or `all`.
 */
export const allJobs: readonly RegisteredJob[] = [
  mailJob,
  dbStatisticsJob,
  storageSweepJob,
  eventsDispatchJob(allSubscribers),
  ...billingJobs,
  ...companyJobs,
  ...operationsJobs,
  ...registriesJobs,
];
