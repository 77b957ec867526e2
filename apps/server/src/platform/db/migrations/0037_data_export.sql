-- Data export (issue 27, decision 0047): one row per export a user asked for. The job writes the file
-- (CSV files in a zip or one XLSX workbook) to storage and its progress here; the file is kept until
-- expires_at, then the cleanup job removes the file and the row. Only the requester may read it.
CREATE TABLE "esportazioni" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"utente_id" uuid NOT NULL,
	"formato" text NOT NULL,
	"entita" text[] NOT NULL,
	"include_media" boolean DEFAULT false NOT NULL,
	"stato" text DEFAULT 'queued' NOT NULL,
	"progresso" integer DEFAULT 0 NOT NULL,
	"righe" bigint DEFAULT 0 NOT NULL,
	"file_name" text,
	"storage_key" text,
	"size" bigint,
	"errore" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "esportazioni_formato_check" CHECK ("formato" IN ('CSV_ZIP', 'XLSX')),
	CONSTRAINT "esportazioni_stato_check" CHECK ("stato" IN ('queued', 'running', 'completed', 'failed')),
	CONSTRAINT "esportazioni_progresso_check" CHECK ("progresso" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "esportazioni" ADD CONSTRAINT "esportazioni_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "esportazioni" ADD CONSTRAINT "esportazioni_utente_fk" FOREIGN KEY ("azienda_id", "utente_id") REFERENCES "public"."utenti"("azienda_id", "id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "esportazioni_azienda_id_uq" ON "esportazioni" USING btree ("azienda_id", "id");
--> statement-breakpoint
CREATE INDEX "esportazioni_utente_created_idx" ON "esportazioni" USING btree ("azienda_id", "utente_id", "created_at");
--> statement-breakpoint
CREATE INDEX "esportazioni_expires_idx" ON "esportazioni" USING btree ("expires_at");
