-- Issue 4, CSV import: one row per uploaded file (its mapping, the job's progress) and the rejected rows of each import.
CREATE TABLE "importazioni" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"utente_id" uuid,
	"tabella" text NOT NULL,
	"separatore" text NOT NULL,
	"intestazione" boolean NOT NULL,
	"encoding" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text,
	"mapping" jsonb,
	"stato" text DEFAULT 'mapped' NOT NULL,
	"righe_lette" integer DEFAULT 0 NOT NULL,
	"creati" integer DEFAULT 0 NOT NULL,
	"aggiornati" integer DEFAULT 0 NOT NULL,
	"scartati" integer DEFAULT 0 NOT NULL,
	"bytes_letti" bigint DEFAULT 0 NOT NULL,
	"errore" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "importazioni_tabella_check" CHECK ("tabella" IN ('clienti', 'articoli')),
	CONSTRAINT "importazioni_stato_check" CHECK ("stato" IN ('mapped', 'queued', 'running', 'completed', 'failed')),
	CONSTRAINT "importazioni_separatore_check" CHECK ("separatore" IN (';', ',', E'\t')),
	CONSTRAINT "importazioni_encoding_check" CHECK ("encoding" IN ('utf-8', 'windows-1252'))
);
--> statement-breakpoint
ALTER TABLE "importazioni" ADD CONSTRAINT "importazioni_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "importazioni" ADD CONSTRAINT "importazioni_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "importazioni_azienda_created_idx" ON "importazioni" USING btree ("azienda_id", "created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "importazioni_one_active_uq" ON "importazioni" USING btree ("azienda_id") WHERE "stato" IN ('queued', 'running');
--> statement-breakpoint
CREATE TABLE "importazioni_scarti" (
	"importazione_id" uuid NOT NULL,
	"azienda_id" uuid NOT NULL,
	"riga" integer NOT NULL,
	"errori" jsonb NOT NULL,
	"valori" jsonb NOT NULL,
	CONSTRAINT "importazioni_scarti_importazione_id_riga_pk" PRIMARY KEY("importazione_id","riga")
);
--> statement-breakpoint
ALTER TABLE "importazioni_scarti" ADD CONSTRAINT "importazioni_scarti_importazione_id_importazioni_id_fk" FOREIGN KEY ("importazione_id") REFERENCES "public"."importazioni"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "importazioni_scarti" ADD CONSTRAINT "importazioni_scarti_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
