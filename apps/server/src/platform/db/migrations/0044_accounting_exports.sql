-- Issue 29: accounting integration (decision 0051). A company's Fatture in Cloud connection (its tokens sealed by the
-- options' secret box, their expiry, the chosen Fatture in Cloud company), the OAuth states it handed out (10 minutes,
-- used once), and the export of completed reports to the management tool: one row per report and tool, with the
-- document id kept as soon as the tool answers, so a retry finds the document instead of making another.
CREATE TABLE "fic_connessioni" (
  "azienda_id" uuid PRIMARY KEY REFERENCES "aziende"("id") ON DELETE CASCADE,
  "access_token" text NOT NULL,
  "refresh_token" text NOT NULL,
  "scade_at" timestamp with time zone NOT NULL,
  "fic_company_id" integer,
  "fic_company_nome" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "fic_oauth_stati" (
  "state" text PRIMARY KEY,
  "azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE CASCADE,
  "redirect_uri" text NOT NULL,
  "scade_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fic_oauth_stati_azienda_idx" ON "fic_oauth_stati" ("azienda_id", "scade_at");
--> statement-breakpoint
CREATE TABLE "rapportini_esportazioni" (
  "azienda_id" uuid NOT NULL,
  "rapportino_id" uuid NOT NULL,
  "strumento" text NOT NULL,
  "stato" text NOT NULL DEFAULT 'DA_INVIARE',
  "documento_id" text,
  "numero" text,
  "link" text,
  "errore" text,
  "tentativi" integer NOT NULL DEFAULT 0,
  "prossimo_tentativo" timestamp with time zone,
  "in_corso_fino" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "rapportini_esportazioni_pk" PRIMARY KEY ("azienda_id", "rapportino_id", "strumento"),
  CONSTRAINT "rapportini_esportazioni_stato_check" CHECK ("stato" IN ('DA_INVIARE', 'INVIATO', 'FALLITO')),
  CONSTRAINT "rapportini_esportazioni_rapportino_fk" FOREIGN KEY ("azienda_id", "rapportino_id")
    REFERENCES "rapportini"("azienda_id", "id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "rapportini_esportazioni_dovute_idx" ON "rapportini_esportazioni" ("prossimo_tentativo")
  WHERE "stato" = 'DA_INVIARE';
