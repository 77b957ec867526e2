-- Issue 10: a killed import was seen "running" until the queue's own expiry (about 16 minutes), and
-- new imports answered 409 meanwhile. The running job now writes a heartbeat every few seconds; a
-- run whose heartbeat is older than IMPORT_STALE_SEC is ended as failed, with its reason, the next
-- time anyone looks at the company's imports.
ALTER TABLE "importazioni" ADD COLUMN "heartbeat_at" timestamp with time zone;
