-- Issue 14 (first part): the planner's appointments (spec operations 3 "Appointment", 5 warnings, 7 "Schedule").
-- An appointment belongs to one company and one customer (plant and machines of that customer optional), has one
-- or more technicians, a start and an end stored UTC (all day: midnight to midnight in the company's zone), or no
-- dates at all when it is a to-do. It may lead to a report and fulfil a contract activity occurrence.
-- Every link is a company-scoped foreign key (azienda_id, <id>), as migration 0011. The longest appointment is 31
-- days (the service's rule): the range query reads starts from 31 days before the range along
-- (azienda_id, inizio), and the technician filter along appuntamenti_tecnici (azienda_id, utente_id, inizio).
ALTER TABLE "aziende" ADD COLUMN "versione_schedule" smallint DEFAULT 2 NOT NULL;
--> statement-breakpoint
ALTER TABLE "aziende" ADD CONSTRAINT "aziende_versione_schedule_ck" CHECK ("versione_schedule" IN (1, 2));
--> statement-breakpoint
CREATE TABLE "appuntamenti" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE cascade,
  "cliente_id" uuid NOT NULL,
  "impianto_id" uuid,
  "mansione_id" uuid,
  "rapportino_id" uuid,
  "attivita_data_id" uuid,
  "titolo" text NOT NULL,
  "note" text,
  "inizio" timestamp with time zone,
  "fine" timestamp with time zone,
  "tutto_il_giorno" boolean DEFAULT false NOT NULL,
  "da_fare" boolean DEFAULT false NOT NULL,
  "promemoria_minuti" integer,
  "promemoria_inviato_at" timestamp with time zone,
  "created_by" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "appuntamenti_date_ck" CHECK (
    ("da_fare" AND "inizio" IS NULL AND "fine" IS NULL)
    OR (NOT "da_fare" AND "inizio" IS NOT NULL AND "fine" IS NOT NULL AND "fine" > "inizio")
  ),
  CONSTRAINT "appuntamenti_promemoria_ck" CHECK ("promemoria_minuti" IS NULL OR "promemoria_minuti" >= 0),
  CONSTRAINT "appuntamenti_cliente_fk" FOREIGN KEY ("azienda_id", "cliente_id")
    REFERENCES "clienti"("azienda_id", "id") ON DELETE cascade,
  CONSTRAINT "appuntamenti_impianto_fk" FOREIGN KEY ("azienda_id", "impianto_id")
    REFERENCES "impianti"("azienda_id", "id") ON DELETE SET NULL ("impianto_id"),
  CONSTRAINT "appuntamenti_mansione_fk" FOREIGN KEY ("azienda_id", "mansione_id")
    REFERENCES "mansioni"("azienda_id", "id") ON DELETE SET NULL ("mansione_id"),
  CONSTRAINT "appuntamenti_rapportino_fk" FOREIGN KEY ("azienda_id", "rapportino_id")
    REFERENCES "rapportini"("azienda_id", "id") ON DELETE SET NULL ("rapportino_id"),
  CONSTRAINT "appuntamenti_attivita_data_fk" FOREIGN KEY ("azienda_id", "attivita_data_id")
    REFERENCES "attivita_date"("azienda_id", "id") ON DELETE SET NULL ("attivita_data_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "appuntamenti_azienda_id_uq" ON "appuntamenti" ("azienda_id", "id");
--> statement-breakpoint
CREATE INDEX "appuntamenti_inizio_idx" ON "appuntamenti" ("azienda_id", "inizio") WHERE "inizio" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "appuntamenti_da_fare_idx" ON "appuntamenti" ("azienda_id", "created_at") WHERE "da_fare";
--> statement-breakpoint
CREATE INDEX "appuntamenti_cliente_idx" ON "appuntamenti" ("azienda_id", "cliente_id");
--> statement-breakpoint
CREATE INDEX "appuntamenti_rapportino_idx" ON "appuntamenti" ("azienda_id", "rapportino_id") WHERE "rapportino_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "appuntamenti_attivita_data_idx" ON "appuntamenti" ("azienda_id", "attivita_data_id") WHERE "attivita_data_id" IS NOT NULL;
--> statement-breakpoint
-- The reminder job's scan over every company: reminders set and not yet all sent.
CREATE INDEX "appuntamenti_promemoria_idx" ON "appuntamenti" ("inizio")
  WHERE "promemoria_minuti" IS NOT NULL AND "promemoria_inviato_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "appuntamenti_tecnici" (
  "azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE cascade,
  "appuntamento_id" uuid NOT NULL,
  "utente_id" uuid NOT NULL REFERENCES "utenti"("id") ON DELETE cascade,
  -- The appointment's start, copied so the technician filter walks one index in time order (null: a to-do).
  "inizio" timestamp with time zone,
  CONSTRAINT "appuntamenti_tecnici_pk" PRIMARY KEY ("appuntamento_id", "utente_id"),
  CONSTRAINT "appuntamenti_tecnici_appuntamento_fk" FOREIGN KEY ("azienda_id", "appuntamento_id")
    REFERENCES "appuntamenti"("azienda_id", "id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "appuntamenti_tecnici_utente_idx" ON "appuntamenti_tecnici" ("azienda_id", "utente_id", "inizio");
--> statement-breakpoint
CREATE INDEX "appuntamenti_tecnici_utente_fk_idx" ON "appuntamenti_tecnici" ("utente_id");
--> statement-breakpoint
CREATE TABLE "appuntamenti_macchinari" (
  "azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE cascade,
  "appuntamento_id" uuid NOT NULL,
  "macchinario_id" uuid NOT NULL,
  CONSTRAINT "appuntamenti_macchinari_pk" PRIMARY KEY ("appuntamento_id", "macchinario_id"),
  CONSTRAINT "appuntamenti_macchinari_appuntamento_fk" FOREIGN KEY ("azienda_id", "appuntamento_id")
    REFERENCES "appuntamenti"("azienda_id", "id") ON DELETE cascade,
  CONSTRAINT "appuntamenti_macchinari_macchinario_fk" FOREIGN KEY ("azienda_id", "macchinario_id")
    REFERENCES "macchinari"("azienda_id", "id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "appuntamenti_macchinari_macchinario_idx" ON "appuntamenti_macchinari" ("azienda_id", "macchinario_id");
--> statement-breakpoint
-- One reminder mail per technician and start: the job claims a row (ON CONFLICT DO NOTHING) before sending, so a
-- second run or a restart never sends it again; moving the appointment makes a new start, a new reminder.
-- stato in_invio while sending, inviato after, errore with the attempts (retried up to 3 times).
CREATE TABLE "promemoria_inviati" (
  "azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE cascade,
  "appuntamento_id" uuid NOT NULL,
  "utente_id" uuid NOT NULL REFERENCES "utenti"("id") ON DELETE cascade,
  "inizio" timestamp with time zone NOT NULL,
  "stato" text DEFAULT 'in_invio' NOT NULL,
  "tentativi" integer DEFAULT 1 NOT NULL,
  "errore" text,
  "inviato_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "promemoria_inviati_pk" PRIMARY KEY ("appuntamento_id", "utente_id", "inizio"),
  CONSTRAINT "promemoria_inviati_stato_ck" CHECK ("stato" IN ('in_invio', 'inviato', 'errore')),
  CONSTRAINT "promemoria_inviati_appuntamento_fk" FOREIGN KEY ("azienda_id", "appuntamento_id")
    REFERENCES "appuntamenti"("azienda_id", "id") ON DELETE cascade
);
--> statement-breakpoint
-- A technician's secret calendar feed: only the SHA-256 of the token (32 random bytes) is kept; one per user.
CREATE TABLE "calendar_feeds" (
  "utente_id" uuid PRIMARY KEY NOT NULL REFERENCES "utenti"("id") ON DELETE cascade,
  "azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE cascade,
  "token_hash" text NOT NULL,
  "created_by" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_uq" ON "calendar_feeds" ("token_hash");
--> statement-breakpoint
CREATE INDEX "calendar_feeds_azienda_idx" ON "calendar_feeds" ("azienda_id");
