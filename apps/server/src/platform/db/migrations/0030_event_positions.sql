-- Issue 23 (docs/decisions/0036-company-context-and-events.md): the outbox is read by a dispatcher
-- that hands each event to its subscribers, each with its own position.
-- Order: `seq` numbers the events as they are written and `txid` names the transaction that wrote
-- them. Transactions commit out of `seq` order, so the dispatcher reads only the events of
-- transactions older than every transaction still running (txid < pg_snapshot_xmin) and walks them
-- by (txid, seq): no event can later appear behind a position already passed.
ALTER TABLE "outbox_events" ADD COLUMN "seq" bigint GENERATED ALWAYS AS IDENTITY;
--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "txid" xid8 NOT NULL DEFAULT pg_current_xact_id();
--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "version" integer NOT NULL DEFAULT 1;
--> statement-breakpoint
-- Read by nothing until now; each subscriber's progress is its position below.
ALTER TABLE "outbox_events" DROP COLUMN "processed_at";
--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_events_order_idx" ON "outbox_events" ("txid", "seq");
--> statement-breakpoint
-- One row per subscriber (all companies): the last event it handled. Moved in the transaction of the
-- handler's own writes, after the handler succeeded; locked (FOR UPDATE SKIP LOCKED) by the one
-- dispatcher handing it events, so two workers never hand one event to one subscriber at once.
CREATE TABLE "event_subscriber_positions" (
  "subscriber" text PRIMARY KEY,
  "last_txid" xid8 NOT NULL,
  "last_seq" bigint NOT NULL,
  "failures" integer NOT NULL DEFAULT 0,
  "last_error" text,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
