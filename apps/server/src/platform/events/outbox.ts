import type { Deps } from '../deps.js';
import type { Tx } from '../db/client.js';
import { outboxEvents } from '../db/schema-reports.js';
import { EVENTS, type AppEvent } from './catalog.js';

/** The dispatcher's queue (dispatcher.ts): woken after a commit that wrote events, and swept every minute. */
export const EVENTS_QUEUE = 'events-dispatch';

/** Writes one event in the transaction of the change it reports, its payload checked against the catalogue. */
export async function writeEvent(tx: Tx, aziendaId: string, event: AppEvent): Promise<void> {
  const def = EVENTS[event.type];
  const payload = def.payload.parse(event.payload);
  await tx.insert(outboxEvents).values({
    aziendaId,
    tipo: event.type,
    aggregateId: event.aggregateId,
    payload,
    version: def.version,
  });
}

/**
 * Writes many events in one statement, in the transaction of the changes they report (a bulk write's: the CSV
 * import's batch), each payload checked against the catalogue; in the order given.
 */
export async function writeEvents(tx: Tx, aziendaId: string, events: AppEvent[]): Promise<void> {
  if (!events.length) return;
  await tx.insert(outboxEvents).values(
    events.map((event) => {
      const def = EVENTS[event.type];
      return {
        aziendaId,
        tipo: event.type,
        aggregateId: event.aggregateId,
        payload: def.payload.parse(event.payload),
        version: def.version,
      };
    }),
  );
}

/**
 * Asks a worker to dispatch now (after the commit that wrote events). A lost wake-up only delays
 * delivery until the minute's sweep, so a failure to enqueue is logged and the request goes on: its
 * change is committed already.
 */
export async function wakeDispatcher(deps: Pick<Deps, 'jobs' | 'log'>): Promise<void> {
  try {
    await deps.jobs.send(EVENTS_QUEUE, {}, { retryLimit: 2, retryDelay: 1 });
  } catch (err) {
    deps.log.warn({ err }, 'event dispatcher not woken: the sweep will deliver');
  }
}
