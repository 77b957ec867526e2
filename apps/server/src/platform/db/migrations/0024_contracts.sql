-- Issue 13: contracts with their wizard fields, recurring activities and their dated occurrences
-- (contratto_date), on-call hours, early end, renewal and the expiry notice.
-- Contract: hours bought on an on-call contract (the remaining hours are computed from the closed
-- reports on it, so the old ore_residue column goes), the renewal period, the notice recipients,
-- the early end (date and reason), the rules (default maximum delay of its activities).
ALTER TABLE "contratti" DROP COLUMN "ore_residue";
--> statement-breakpoint
ALTER TABLE "contratti"
  ADD COLUMN "ore_contratto" numeric(10, 2),
  ADD COLUMN "mesi_rinnovo" integer,
  ADD COLUMN "avviso_cliente" boolean DEFAULT false NOT NULL,
  ADD COLUMN "email_avviso" text,
  ADD COLUMN "data_cessazione" date,
  ADD COLUMN "motivo_cessazione" text,
  ADD COLUMN "regole" jsonb,
  ADD COLUMN "rinnovi" integer DEFAULT 0 NOT NULL,
  ADD COLUMN "created_by" uuid;
--> statement-breakpoint
ALTER TABLE "contratti" ADD CONSTRAINT "contratti_ore_ck" CHECK ("ore_contratto" IS NULL OR "ore_contratto" >= 0);
--> statement-breakpoint
ALTER TABLE "contratti" ADD CONSTRAINT "contratti_mesi_rinnovo_ck" CHECK ("mesi_rinnovo" IS NULL OR ("mesi_rinnovo" >= 1 AND "mesi_rinnovo" <= 120));
--> statement-breakpoint
CREATE INDEX "contratti_fine_idx" ON "contratti" USING btree ("azienda_id", "data_fine");
--> statement-breakpoint
CREATE INDEX "contratti_rinnovo_job_idx" ON "contratti" USING btree ("data_fine") WHERE NOT "cessato";
--> statement-breakpoint
CREATE UNIQUE INDEX "contratti_identificativo_uq" ON "contratti" USING btree ("azienda_id", lower("identificativo"));
--> statement-breakpoint
-- Activity: name (descrizione), job role, optional plant, the recurrence (fissa: every `ogni` `unita`
-- from `data_inizio`; variabile: the list `date`; data_singola: `date`[1]), its rules and expected length.
ALTER TABLE "contratti_attivita"
  ADD COLUMN "mansione_id" uuid,
  ADD COLUMN "impianto_id" uuid,
  ADD COLUMN "ogni" integer,
  ADD COLUMN "unita" text,
  ADD COLUMN "data_inizio" date,
  ADD COLUMN "date" date[],
  ADD COLUMN "regole" jsonb,
  ADD COLUMN "durata_minuti" integer DEFAULT 60 NOT NULL,
  ADD COLUMN "note" text,
  ADD COLUMN "posizione" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "contratti_attivita" ADD CONSTRAINT "contratti_attivita_unita_ck" CHECK ("unita" IS NULL OR "unita" IN ('giorni', 'settimane', 'mesi', 'anni'));
--> statement-breakpoint
ALTER TABLE "contratti_attivita" ADD CONSTRAINT "contratti_attivita_ogni_ck" CHECK ("ogni" IS NULL OR ("ogni" >= 1 AND "ogni" <= 366));
--> statement-breakpoint
ALTER TABLE "contratti_attivita" ADD CONSTRAINT "contratti_attivita_mansione_fk" FOREIGN KEY ("azienda_id","mansione_id") REFERENCES "public"."mansioni"("azienda_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contratti_attivita" ADD CONSTRAINT "contratti_attivita_impianto_fk" FOREIGN KEY ("azienda_id","impianto_id") REFERENCES "public"."impianti"("azienda_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "contratti_attivita_mansione_idx" ON "contratti_attivita" USING btree ("azienda_id", "mansione_id") WHERE "mansione_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "contratti_attivita_impianto_idx" ON "contratti_attivita" USING btree ("azienda_id", "impianto_id") WHERE "impianto_id" IS NOT NULL;
--> statement-breakpoint
-- One dated occurrence of an activity (contratto_date): due on `data` (moved by the planner to
-- `data_pianificata`), the report made from it, and when it was done (the report closed).
CREATE TABLE "attivita_date" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"attivita_id" uuid NOT NULL,
	"contratto_id" uuid NOT NULL,
	"data" date NOT NULL,
	"data_pianificata" date,
	"rapportino_id" uuid,
	"fatta_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attivita_date_uq" UNIQUE ("attivita_id", "data")
);
--> statement-breakpoint
ALTER TABLE "attivita_date" ADD CONSTRAINT "attivita_date_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "attivita_date" ADD CONSTRAINT "attivita_date_attivita_fk" FOREIGN KEY ("azienda_id","attivita_id") REFERENCES "public"."contratti_attivita"("azienda_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "attivita_date" ADD CONSTRAINT "attivita_date_contratto_fk" FOREIGN KEY ("azienda_id","contratto_id") REFERENCES "public"."contratti"("azienda_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "attivita_date" ADD CONSTRAINT "attivita_date_rapportino_fk" FOREIGN KEY ("rapportino_id") REFERENCES "public"."rapportini"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "attivita_date_azienda_id_uq" ON "attivita_date" USING btree ("azienda_id", "id");
--> statement-breakpoint
CREATE INDEX "attivita_date_range_idx" ON "attivita_date" USING btree ("azienda_id", (coalesce("data_pianificata", "data")));
--> statement-breakpoint
CREATE INDEX "attivita_date_contratto_idx" ON "attivita_date" USING btree ("azienda_id", "contratto_id", "data");
--> statement-breakpoint
CREATE INDEX "attivita_date_rapportino_idx" ON "attivita_date" USING btree ("rapportino_id") WHERE "rapportino_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "attivita_date_scadute_idx" ON "attivita_date" USING btree ("azienda_id", "data") WHERE "fatta_at" IS NULL;
--> statement-breakpoint
-- The contract notice mails sent (one per contract and end date: the renewal job's idempotence key).
CREATE TABLE "contratti_avvisi" (
	"azienda_id" uuid NOT NULL,
	"contratto_id" uuid NOT NULL,
	"data_fine" date NOT NULL,
	"destinatari" text NOT NULL,
	"stato" text DEFAULT 'in_coda' NOT NULL,
	"errore" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "contratti_avvisi_pk" PRIMARY KEY ("contratto_id", "data_fine"),
	CONSTRAINT "contratti_avvisi_stato_ck" CHECK ("stato" IN ('in_coda', 'inviata', 'errore'))
);
--> statement-breakpoint
ALTER TABLE "contratti_avvisi" ADD CONSTRAINT "contratti_avvisi_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contratti_avvisi" ADD CONSTRAINT "contratti_avvisi_contratto_fk" FOREIGN KEY ("azienda_id","contratto_id") REFERENCES "public"."contratti"("azienda_id","id") ON DELETE cascade ON UPDATE no action;
