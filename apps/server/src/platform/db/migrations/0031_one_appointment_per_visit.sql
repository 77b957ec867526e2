-- Issue 24 (docs/decisions/0040-one-appointment-per-visit.md): a report's appointment is the planner's appointment.
-- The report no longer keeps a date of its own (rapportini.data_appuntamento): the appointment that links it
-- (appuntamenti.rapportino_id, at most one per report) is its "when"; a report without one has no appointment.
-- 1. A report linked by several appointments keeps the link on one: the first dated one (then the oldest to-do);
--    the others stay in the planner, unlinked.
UPDATE "appuntamenti" a SET "rapportino_id" = NULL
  FROM (
    SELECT "id", row_number() OVER (
      PARTITION BY "azienda_id", "rapportino_id"
      ORDER BY ("inizio" IS NULL), "inizio", "created_at", "id"
    ) AS n
    FROM "appuntamenti" WHERE "rapportino_id" IS NOT NULL
  ) d
  WHERE a."id" = d."id" AND d.n > 1;
--> statement-breakpoint
-- 2. A report with its own appointment date and no appointment linking it gets one: its customer, plant, job role,
--    technicians and machines, one hour from that date, titled by the first line of its request (else its number).
--    Where an appointment already links the report, the appointment is the truth and nothing is made.
WITH "made" AS (
  INSERT INTO "appuntamenti" ("azienda_id", "cliente_id", "impianto_id", "mansione_id", "rapportino_id", "titolo",
    "inizio", "fine", "tutto_il_giorno", "da_fare", "created_by", "created_at", "updated_at")
  SELECT r."azienda_id", r."cliente_id", r."impianto_id",
    (SELECT m."mansione_id" FROM "rapportini_mansioni" m
      WHERE m."azienda_id" = r."azienda_id" AND m."rapportino_id" = r."id" ORDER BY m."mansione_id" LIMIT 1),
    r."id",
    coalesce(
      nullif(left(btrim(split_part(btrim(coalesce(r."richiesta_iniziale", '')), E'\n', 1)), 200), ''),
      'Rapportino ' || coalesce(r."numero_assistenza", '')
    ),
    r."data_appuntamento", r."data_appuntamento" + interval '1 hour', false, false, r."created_by", now(), now()
  FROM "rapportini" r
  WHERE r."data_appuntamento" IS NOT NULL
    AND NOT EXISTS (
      SELECT 1 FROM "appuntamenti" x WHERE x."azienda_id" = r."azienda_id" AND x."rapportino_id" = r."id"
    )
  RETURNING "id", "azienda_id", "rapportino_id", "inizio"
), "tecnici" AS (
  INSERT INTO "appuntamenti_tecnici" ("azienda_id", "appuntamento_id", "utente_id", "inizio")
  SELECT made."azienda_id", made."id", t."utente_id", made."inizio"
  FROM "made" JOIN "rapportini_tecnici" t
    ON t."azienda_id" = made."azienda_id" AND t."rapportino_id" = made."rapportino_id"
)
INSERT INTO "appuntamenti_macchinari" ("azienda_id", "appuntamento_id", "macchinario_id")
SELECT made."azienda_id", made."id", m."macchinario_id"
FROM "made" JOIN "rapportini_macchinari" m
  ON m."azienda_id" = made."azienda_id" AND m."rapportino_id" = made."rapportino_id";
--> statement-breakpoint
-- The planner's revision triggers (migration 0027) are deferred: run them now, before the tables' DDL below.
SET CONSTRAINTS ALL IMMEDIATE;
--> statement-breakpoint
ALTER TABLE "rapportini" DROP COLUMN "data_appuntamento";
--> statement-breakpoint
-- 3. At most one appointment per report (it replaces the plain index on the link).
DROP INDEX "appuntamenti_rapportino_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "appuntamenti_rapportino_uq" ON "appuntamenti" ("azienda_id", "rapportino_id")
  WHERE "rapportino_id" IS NOT NULL;
--> statement-breakpoint
-- 4. The mail log: a sending with no SMTP server configured is non_inviato with the reason (never inviato); the
--    signing link's mail is logged too (tipo link_firma); the office's own text of a report's mail (messaggio).
ALTER TABLE "rapportini_mail_log" DROP CONSTRAINT "rapportini_mail_log_stato_ck";
--> statement-breakpoint
ALTER TABLE "rapportini_mail_log" ADD CONSTRAINT "rapportini_mail_log_stato_ck"
  CHECK ("stato" IN ('in_coda', 'inviato', 'non_inviato', 'errore'));
--> statement-breakpoint
ALTER TABLE "rapportini_mail_log" ADD COLUMN "tipo" text DEFAULT 'rapportino' NOT NULL;
--> statement-breakpoint
ALTER TABLE "rapportini_mail_log" ADD CONSTRAINT "rapportini_mail_log_tipo_ck"
  CHECK ("tipo" IN ('rapportino', 'link_firma'));
--> statement-breakpoint
ALTER TABLE "rapportini_mail_log" ADD COLUMN "messaggio" text;
