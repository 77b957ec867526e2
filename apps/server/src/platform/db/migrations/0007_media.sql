-- Media and storage (issue 4, docs/features/registries.md "Media and storage").
-- Metadata a user may change (POST /media/update) and who uploaded a file.
ALTER TABLE "media" ADD COLUMN "descrizione" text;
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "uploaded_by" uuid REFERENCES "utenti"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE INDEX "media_azienda_created_idx" ON "media" ("azienda_id", "created_at");
--> statement-breakpoint
-- Bytes used per company: kept by the trigger below in the same transaction as the media rows,
-- recalculated daily by the storage-recalc job from the rows and the stored objects.
CREATE TABLE "storage_usage" (
  "azienda_id" uuid PRIMARY KEY NOT NULL REFERENCES "aziende"("id") ON DELETE CASCADE,
  "used_bytes" bigint DEFAULT 0 NOT NULL,
  "recalculated_at" timestamp with time zone,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "storage_usage" ("azienda_id", "used_bytes")
  SELECT "azienda_id", sum("size") FROM "media" GROUP BY "azienda_id";
--> statement-breakpoint
CREATE FUNCTION "storage_usage_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO storage_usage (azienda_id, used_bytes) VALUES (NEW.azienda_id, NEW.size)
      ON CONFLICT (azienda_id) DO UPDATE SET used_bytes = storage_usage.used_bytes + EXCLUDED.used_bytes, updated_at = now();
    RETURN NEW;
  ELSIF TG_OP = 'DELETE' THEN
    -- No insert here: when the company itself goes, its usage row may already be gone.
    UPDATE storage_usage SET used_bytes = greatest(used_bytes - OLD.size, 0), updated_at = now()
      WHERE azienda_id = OLD.azienda_id;
    RETURN OLD;
  ELSE
    IF NEW.size <> OLD.size THEN
      UPDATE storage_usage SET used_bytes = greatest(used_bytes + NEW.size - OLD.size, 0), updated_at = now()
        WHERE azienda_id = NEW.azienda_id;
    END IF;
    RETURN NEW;
  END IF;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "media_storage_usage" AFTER INSERT OR DELETE OR UPDATE OF "size" ON "media"
  FOR EACH ROW EXECUTE FUNCTION "storage_usage_track"();
--> statement-breakpoint
-- A deleted machine (directly, or with its plant or customer) takes its media rows along, in the same
-- transaction, so the used bytes drop at once; the daily job removes the stored objects left without a row.
CREATE FUNCTION "media_drop_machine_files"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM media WHERE azienda_id = OLD.azienda_id AND section = 'macchinario' AND owner_id = OLD.id::text;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "macchinari_drop_media" AFTER DELETE ON "macchinari"
  FOR EACH ROW EXECUTE FUNCTION "media_drop_machine_files"();
