-- Issue 26: the clocking revision per company. Every change to what the office's overview shows (the records,
-- the months approved or unlocked, the technicians' names, the company's options) bumps it in the same
-- transaction, so the overview of a range is kept per process until the next change (decision 0045). The same
-- deferred, once-per-transaction pattern as the planner's revision (migration 0027). No foreign key: the row may
-- be bumped while its company is being deleted.
CREATE TABLE "revisioni_timbrature" (
  "azienda_id" uuid PRIMARY KEY,
  "revisione" bigint NOT NULL DEFAULT 1,
  "xid" xid8
);
--> statement-breakpoint
CREATE FUNCTION "clocking_revision_touch"(az uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM revisioni_timbrature WHERE azienda_id = az AND xid = pg_current_xact_id()) THEN
    INSERT INTO revisioni_timbrature (azienda_id, xid) VALUES (az, pg_current_xact_id())
      ON CONFLICT (azienda_id) DO UPDATE SET revisione = revisioni_timbrature.revisione + 1, xid = EXCLUDED.xid;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "clocking_revision_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM clocking_revision_touch(CASE WHEN TG_OP = 'DELETE' THEN OLD.azienda_id ELSE NEW.azienda_id END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "timbrature_rev" AFTER INSERT OR UPDATE OR DELETE ON "timbrature"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "clocking_revision_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "timbrature_approvazioni_rev" AFTER INSERT OR UPDATE OR DELETE ON "timbrature_approvazioni"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "clocking_revision_bump"();
--> statement-breakpoint
-- The options: tolerance, rounding, allowance and geolocation shape the figures (any option is rare to change).
CREATE CONSTRAINT TRIGGER "opzioni_azienda_timbrature_rev" AFTER INSERT OR UPDATE OR DELETE ON "opzioni_azienda"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "clocking_revision_bump"();
--> statement-breakpoint
-- Users: the names the totals carry, and any insert or delete.
CREATE CONSTRAINT TRIGGER "utenti_timbrature_rev_u" AFTER UPDATE ON "utenti" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.surname IS DISTINCT FROM NEW.surname
        OR OLD.username IS DISTINCT FROM NEW.username)
  EXECUTE FUNCTION "clocking_revision_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "utenti_timbrature_rev" AFTER INSERT OR DELETE ON "utenti" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "clocking_revision_bump"();
