import { contractNoticeJob, contractsRenewalJob } from './activities/index.js';
import { reportMailJob } from './reports/report-mail.js';
import { reminderJob } from './schedule/reminders.js';

/** The operations area's background jobs. */
export const operationsJobs = [reportMailJob, contractsRenewalJob, contractNoticeJob, reminderJob];
