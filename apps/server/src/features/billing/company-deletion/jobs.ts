import { defineJob } from '../../../platform/job-registry.js';
import { DELETE_COMPANY_QUEUE, runDeletion, type DeleteCompanyJob } from './service.js';

/** Deletes a company once its restore window (3 working hours) has passed, unless restored. */
export const deleteCompanyJob = defineJob<DeleteCompanyJob>({
  queue: DELETE_COMPANY_QUEUE,
  run: async (deps, job) => void (await runDeletion(deps, job)),
});
