import type { Deps } from '../../../platform/deps.js';
import { defineSubscriber } from '../../../platform/events/dispatcher.js';
import { EVENTS, type EventName } from '../../../platform/events/catalog.js';
import { insertMessages, subscribedEndpoints } from './repo.js';
import { newMessageId } from './signing.js';
import { wakeDeliveries } from './worker.js';

/** The body of a message: what the receiver gets and the signature covers (the contract's `{ type, timestamp, data }`). */
export const messageBody = (type: string, at: Date, data: unknown) =>
  JSON.stringify({ type, timestamp: at.toISOString(), data });

/**
 * Every catalogue event becomes one message per active endpoint of the company subscribed to it (decision 0049), in
 * the dispatcher's transaction: the dispatcher hands an event at least once, and the messages' unique (endpoint,
 * event) makes the fan-out exactly once. Deliveries are woken after the commit.
 */
/** One wake-up function per process (the same function for every event of a batch: the dispatcher runs it once). */
const wakes = new WeakMap<Deps['jobs'], () => Promise<void>>();
function wakeOf(deps: Deps): () => Promise<void> {
  let wake = wakes.get(deps.jobs);
  if (!wake) wakes.set(deps.jobs, (wake = () => wakeDeliveries(deps)));
  return wake;
}

export const webhooksFanout = defineSubscriber({
  name: 'webhooks.fanout',
  events: Object.keys(EVENTS) as EventName[],
  // Its work is two statements: 100 events a transaction.
  batch: 100,
  async handle(ctx, event) {
    const endpoints = await subscribedEndpoints(ctx.db, ctx.company.id, event.type);
    if (!endpoints.length) return;
    const at = ctx.clock.now();
    const body = messageBody(event.type, event.createdAt, event.payload);
    const added = await insertMessages(
      ctx.db,
      endpoints.map((webhookId) => ({
        id: newMessageId(),
        aziendaId: ctx.company.id,
        webhookId,
        eventoId: event.id,
        tipo: event.type,
        body,
        at,
      })),
    );
    if (added) return wakeOf(ctx.deps);
  },
});
