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
export const webhooksFanout = defineSubscriber({
  name: 'webhooks.fanout',
  events: Object.keys(EVENTS) as EventName[],
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
    if (added) return () => wakeDeliveries(ctx.deps);
  },
});
