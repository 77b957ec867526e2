import { defineJob } from '../../../platform/job-registry.js';
import { runDeliveries, WEBHOOKS_QUEUE } from './worker.js';

/**
 * Webhook deliveries (decision 0049): woken after each new message, replay or near retry, and swept every minute.
 * At most one run waits at a time (a wake-up while one waits adds nothing); a run bounds itself under the short jobs'
 * expiry, and what it could not finish wakes the next.
 */
export const webhooksDeliveryJob = defineJob<Record<string, never>>({
  queue: WEBHOOKS_QUEUE,
  short: true,
  policy: 'short',
  cron: { expression: '* * * * *', data: {} },
  run: (deps) => runDeliveries(deps),
});

export const webhooksJobs = [webhooksDeliveryJob];
