-- Issue 14: the planner's revision per company. Every change to what the calendar's range shows (the
-- appointments and their technicians and machines; the names and places of customers, plants, job roles and
-- users; the state and number of a linked report) bumps it in the same transaction, so the range's answer
-- can be kept and revalidated (ETag, 304) until the next change. No foreign key: the row may be bumped while
-- its company is being deleted (the cascade's own deletes fire these triggers).
CREATE TABLE "revisioni_schedule" (
  "azienda_id" uuid PRIMARY KEY,
  "revisione" bigint NOT NULL DEFAULT 1,
  -- The transaction that made the revision: a transaction bumps it once, however many rows it changed.
  "xid" xid8
);
--> statement-breakpoint
-- Bumps a company's revision once per transaction (a bulk load of thousands of rows: one bump).
CREATE FUNCTION "schedule_revision_touch"(az uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM revisioni_schedule WHERE azienda_id = az AND xid = pg_current_xact_id()) THEN
    INSERT INTO revisioni_schedule (azienda_id, xid) VALUES (az, pg_current_xact_id())
      ON CONFLICT (azienda_id) DO UPDATE SET revisione = revisioni_schedule.revisione + 1, xid = EXCLUDED.xid;
  END IF;
END
$$;
--> statement-breakpoint
-- The triggers are deferred to the commit: the counter row is locked only for the instant before the
-- transaction commits (no transaction holds it while it goes on to lock other rows, so saves cannot deadlock
-- on it) and the bump is made once the transaction's changes are all known.
CREATE FUNCTION "schedule_revision_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM schedule_revision_touch(CASE WHEN TG_OP = 'DELETE' THEN OLD.azienda_id ELSE NEW.azienda_id END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "appuntamenti_rev" AFTER INSERT OR UPDATE OR DELETE ON "appuntamenti"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "appuntamenti_tecnici_rev" AFTER INSERT OR UPDATE OR DELETE ON "appuntamenti_tecnici"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "appuntamenti_macchinari_rev" AFTER INSERT OR UPDATE OR DELETE ON "appuntamenti_macchinari"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
-- Names and places only: other edits of a customer, plant, job role or user leave the planner as it is.
CREATE CONSTRAINT TRIGGER "clienti_rev" AFTER UPDATE ON "clienti" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.ragione_sociale IS DISTINCT FROM NEW.ragione_sociale OR OLD.indirizzo IS DISTINCT FROM NEW.indirizzo
        OR OLD.citta IS DISTINCT FROM NEW.citta OR OLD.latitude IS DISTINCT FROM NEW.latitude
        OR OLD.longitude IS DISTINCT FROM NEW.longitude)
  EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "impianti_rev" AFTER UPDATE ON "impianti" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.nome IS DISTINCT FROM NEW.nome OR OLD.indirizzo IS DISTINCT FROM NEW.indirizzo
        OR OLD.citta IS DISTINCT FROM NEW.citta)
  EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "mansioni_rev" AFTER UPDATE ON "mansioni" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.nome IS DISTINCT FROM NEW.nome)
  EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
-- Users: names and their order (the technicians' colours are their places among the company's users).
CREATE CONSTRAINT TRIGGER "utenti_rev_u" AFTER UPDATE ON "utenti" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.surname IS DISTINCT FROM NEW.surname
        OR OLD.username IS DISTINCT FROM NEW.username OR OLD.ordine IS DISTINCT FROM NEW.ordine)
  EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "utenti_rev" AFTER INSERT OR DELETE ON "utenti" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
-- A report's state or number shows on the appointments that link it; other reports leave the planner as it is.
CREATE FUNCTION "schedule_revision_bump_report"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM appuntamenti WHERE azienda_id = NEW.azienda_id AND rapportino_id = NEW.id) THEN
    PERFORM schedule_revision_touch(NEW.azienda_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "rapportini_rev" AFTER UPDATE ON "rapportini" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.stato IS DISTINCT FROM NEW.stato OR OLD.numero_assistenza IS DISTINCT FROM NEW.numero_assistenza)
  EXECUTE FUNCTION "schedule_revision_bump_report"();
--> statement-breakpoint
-- The range reads the appointments started from the day before it along appuntamenti_inizio_idx; those longer
-- than a day that started earlier still overlap it, and are found along this one (few).
CREATE INDEX "appuntamenti_lunghi_idx" ON "appuntamenti" ("azienda_id", "inizio") WHERE "fine" - "inizio" > interval '1 day';
