-- Issue 12: the report mailed to the customer and its log (docs/decisions/0026-report-mail.md). One row per
-- sending: the recipients, the subject, the state (in_coda until the job sends it, inviato with the time, errore
-- after the last retry), the last error's text and the attempts made. The job sends a row's mail once: it claims
-- the row while it is in_coda.
CREATE TABLE "rapportini_mail_log" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE cascade,
  "rapportino_id" uuid NOT NULL,
  "destinatari" text[] NOT NULL,
  "oggetto" text NOT NULL,
  "stato" text DEFAULT 'in_coda' NOT NULL,
  "errore" text,
  "tentativi" integer DEFAULT 0 NOT NULL,
  "inviato_at" timestamp with time zone,
  "created_by" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "rapportini_mail_log_stato_ck" CHECK ("stato" IN ('in_coda', 'inviato', 'errore')),
  CONSTRAINT "rapportini_mail_log_rapportino_fk" FOREIGN KEY ("azienda_id", "rapportino_id")
    REFERENCES "rapportini"("azienda_id", "id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "rapportini_mail_log_rapportino_idx" ON "rapportini_mail_log" ("azienda_id", "rapportino_id", "created_at");
