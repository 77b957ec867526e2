/**
 * A process that runs the event dispatcher on DATABASE_URL for the kill -9 test
 * (platform/events/dispatcher-kill.test.ts): subscribers SUBSCRIBERS (comma-separated) each record
 * the report.completed events of company COMPANY in test_event_deliveries, in the transaction that
 * moves their position. With HANG=1 the first subscriber, having written its row, prints HANDLING
 * and waits forever inside that transaction (the test then kills the process).
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../platform/deps.js';
import { systemClock } from '../platform/clock.js';
import { openDatabase } from '../platform/db/client.js';
import { defineSubscriber, dispatchEvents } from '../platform/events/dispatcher.js';

const env = (k: string) => {
  const v = process.env[k];
  if (!v) throw new Error(`${k} missing`);
  return v;
};
const company = env('COMPANY');
const names = env('SUBSCRIBERS').split(',');
const hang = process.env.HANG === '1';

const database = await openDatabase({ databaseUrl: env('DATABASE_URL') });
const log = {
  error: (o: unknown, m?: string) => console.error(m, o),
  warn: (o: unknown, m?: string) => console.error(m, o),
  info: () => {},
  debug: () => {},
};
const deps = { database, db: database.db, clock: systemClock, log } as unknown as Deps;

const subs = names.map((name, i) =>
  defineSubscriber({
    name,
    events: ['report.completed'],
    async handle(ctx, e) {
      if (e.aziendaId !== company) return;
      await ctx.db.execute(sql`insert into test_event_deliveries (subscriber, event_id) values (${name}, ${e.id})`);
      if (hang && i === 0) {
        console.log(`HANDLING ${e.id}`);
        await new Promise(() => {});
      }
    },
  }),
);

console.log('READY');
for (;;) {
  await dispatchEvents(deps, subs);
  await new Promise((r) => setTimeout(r, 100));
}
