-- Issue 22: a stored object is removed once the transaction that deleted its media row has committed; a
-- process that died in between (kill -9 during a bulk delete) left the object behind, with no row, counted
-- nowhere and never removed. The trigger records the object's key in the transaction that deletes (or
-- re-points) the row, so the removal outlives the process: the request removes the object and then the
-- record; the storage-sweep job removes whatever records are left (platform/storage-removals.ts).
-- No foreign key: the records of a company being deleted are written by the cascade itself.
CREATE TABLE "storage_removals" (
  "storage_key" text PRIMARY KEY,
  "azienda_id" uuid NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "storage_removals_created_idx" ON "storage_removals" ("created_at");
--> statement-breakpoint
CREATE FUNCTION "media_record_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.storage_key IS DISTINCT FROM NEW.storage_key THEN
    INSERT INTO storage_removals (storage_key, azienda_id) VALUES (OLD.storage_key, OLD.azienda_id)
      ON CONFLICT (storage_key) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "media_record_removal" AFTER DELETE OR UPDATE OF "storage_key" ON "media"
  FOR EACH ROW EXECUTE FUNCTION "media_record_removal"();
