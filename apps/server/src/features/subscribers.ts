import type { AnySubscriber } from '../platform/events/dispatcher.js';
import { operationsSubscribers } from './operations/subscribers.js';
import { webhooksFanout } from './company/webhooks/subscriber.js';
import { accountingExportSubscriber } from './company/accounting/subscriber.js';

/**
 * Every event subscriber of the product, in one registry (as the jobs are in jobs.ts): each area
 * declares its own. The dispatcher (platform/events) hands each one the events it names, with its
 * own position in the outbox; app.ts gives a new subscriber its position at start.
 */
export const allSubscribers: readonly AnySubscriber[] = [
  ...operationsSubscribers,
  webhooksFanout,
  accountingExportSubscriber,
];
