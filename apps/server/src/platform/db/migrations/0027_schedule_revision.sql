-- Issue 14: the planner's revision per company. Every change to what the calendar's range shows (the
-- appointments and their technicians and machines; the names and places of customers, plants, job roles and
-- users; the state and number of a linked report) bumps it in the same transaction, so the range's answer
-- can be kept and revalidated (ETag, 304) until the next change. No foreign key: the row may be bumped while
-- its company is being deleted (the cascade's own deletes fire these triggers).
CREATE TABLE "revisioni_schedule" (
  "azienda_id" uuid PRIMARY KEY,
  "revisione" bigint NOT NULL DEFAULT 1
);
--> statement-breakpoint
-- Statement triggers with transition tables: one bump per company per statement, however many rows it touched
-- (a CSV import or a bulk load does not update the counter row once per row).
CREATE FUNCTION "schedule_revision_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO revisioni_schedule (azienda_id) SELECT DISTINCT azienda_id FROM vecchie
      ON CONFLICT (azienda_id) DO UPDATE SET revisione = revisioni_schedule.revisione + 1;
  ELSE
    INSERT INTO revisioni_schedule (azienda_id) SELECT DISTINCT azienda_id FROM nuove
      ON CONFLICT (azienda_id) DO UPDATE SET revisione = revisioni_schedule.revisione + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A report's state or number shows on its appointment: bumped only when one of them changes on a report an
-- appointment links (a row trigger with a WHEN, so ordinary report edits cost nothing).
CREATE FUNCTION "schedule_revision_bump_report"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM appuntamenti WHERE azienda_id = NEW.azienda_id AND rapportino_id = NEW.id) THEN
    INSERT INTO revisioni_schedule (azienda_id) VALUES (NEW.azienda_id)
      ON CONFLICT (azienda_id) DO UPDATE SET revisione = revisioni_schedule.revisione + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "appuntamenti_rev_i" AFTER INSERT ON "appuntamenti" REFERENCING NEW TABLE AS nuove FOR EACH STATEMENT EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
CREATE TRIGGER "appuntamenti_rev_u" AFTER UPDATE ON "appuntamenti" REFERENCING NEW TABLE AS nuove FOR EACH STATEMENT EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
CREATE TRIGGER "appuntamenti_rev_d" AFTER DELETE ON "appuntamenti" REFERENCING OLD TABLE AS vecchie FOR EACH STATEMENT EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
CREATE TRIGGER "appuntamenti_tecnici_rev_i" AFTER INSERT ON "appuntamenti_tecnici" REFERENCING NEW TABLE AS nuove FOR EACH STATEMENT EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
CREATE TRIGGER "appuntamenti_tecnici_rev_u" AFTER UPDATE ON "appuntamenti_tecnici" REFERENCING NEW TABLE AS nuove FOR EACH STATEMENT EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
CREATE TRIGGER "appuntamenti_tecnici_rev_d" AFTER DELETE ON "appuntamenti_tecnici" REFERENCING OLD TABLE AS vecchie FOR EACH STATEMENT EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
CREATE TRIGGER "appuntamenti_macchinari_rev_i" AFTER INSERT ON "appuntamenti_macchinari" REFERENCING NEW TABLE AS nuove FOR EACH STATEMENT EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
CREATE TRIGGER "appuntamenti_macchinari_rev_u" AFTER UPDATE ON "appuntamenti_macchinari" REFERENCING NEW TABLE AS nuove FOR EACH STATEMENT EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
CREATE TRIGGER "appuntamenti_macchinari_rev_d" AFTER DELETE ON "appuntamenti_macchinari" REFERENCING OLD TABLE AS vecchie FOR EACH STATEMENT EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
CREATE TRIGGER "clienti_rev_u" AFTER UPDATE ON "clienti" REFERENCING NEW TABLE AS nuove FOR EACH STATEMENT EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
CREATE TRIGGER "impianti_rev_u" AFTER UPDATE ON "impianti" REFERENCING NEW TABLE AS nuove FOR EACH STATEMENT EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
CREATE TRIGGER "mansioni_rev_u" AFTER UPDATE ON "mansioni" REFERENCING NEW TABLE AS nuove FOR EACH STATEMENT EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
-- Users: names and their order (the technicians' colours are their places among the company's users).
CREATE TRIGGER "utenti_rev_i" AFTER INSERT ON "utenti" REFERENCING NEW TABLE AS nuove FOR EACH STATEMENT EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
CREATE TRIGGER "utenti_rev_u" AFTER UPDATE ON "utenti" REFERENCING NEW TABLE AS nuove FOR EACH STATEMENT EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
CREATE TRIGGER "utenti_rev_d" AFTER DELETE ON "utenti" REFERENCING OLD TABLE AS vecchie FOR EACH STATEMENT EXECUTE FUNCTION "schedule_revision_bump"();
--> statement-breakpoint
CREATE TRIGGER "rapportini_rev_u" AFTER UPDATE OF "stato", "numero_assistenza" ON "rapportini" FOR EACH ROW
  WHEN (OLD.stato IS DISTINCT FROM NEW.stato OR OLD.numero_assistenza IS DISTINCT FROM NEW.numero_assistenza)
  EXECUTE FUNCTION "schedule_revision_bump_report"();
--> statement-breakpoint
-- The range reads the appointments started from the day before it along appuntamenti_inizio_idx; those longer
-- than a day that started earlier still overlap it, and are found along this one (few).
CREATE INDEX "appuntamenti_lunghi_idx" ON "appuntamenti" ("azienda_id", "inizio") WHERE "fine" - "inizio" > interval '1 day';
