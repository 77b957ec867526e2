/** Contract activities (issue 13): what the contracts' create transaction and the jobs use. */
export { saveActivities, generateRenewalPeriod, type ContrattoAttivita } from './save.js';
export { datesOf, occurrencesIn, FrequenzaError, type Period } from './recurrence.js';
export { contractsRenewalJob, runRenewal } from './renewal.js';
export { contractNoticeJob } from './renewal-mail.js';
