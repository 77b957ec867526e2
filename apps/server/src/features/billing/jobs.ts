import { deleteCompanyJob } from './company-deletion/jobs.js';

/** The billing area's background jobs. */
export const billingJobs = [deleteCompanyJob];
