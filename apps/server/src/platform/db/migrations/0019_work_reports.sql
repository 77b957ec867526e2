-- Issue 11: work reports (rapportini) with their worked days, materials, checks, custom fields,
-- technicians and machines; the custom field configuration; the report numbering; the outbox of
-- events for accounting and webhooks (report.completed). Every link carries the company id; the
-- lines of a report cascade with it.
ALTER TABLE "rapportini" RENAME COLUMN "motivo" TO "motivazione";
--> statement-breakpoint
ALTER TABLE "rapportini" ALTER COLUMN "data_apertura" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "rapportini" ALTER COLUMN "data_apertura" TYPE date USING (("data_apertura" AT TIME ZONE 'Europe/Rome')::date);
--> statement-breakpoint
ALTER TABLE "rapportini" ALTER COLUMN "data_apertura" SET DEFAULT CURRENT_DATE;
--> statement-breakpoint
ALTER TABLE "rapportini"
  ADD COLUMN "data_appuntamento" timestamp with time zone,
  ADD COLUMN "tipo_intervento" text,
  ADD COLUMN "contratto_id" uuid REFERENCES "contratti"("id") ON DELETE SET NULL,
  ADD COLUMN "contrassegnato" boolean DEFAULT false NOT NULL,
  ADD COLUMN "in_remoto" boolean DEFAULT false NOT NULL,
  ADD COLUMN "pianificato_remoto" boolean DEFAULT false NOT NULL,
  ADD COLUMN "cliente_fatturazione_id" uuid REFERENCES "clienti"("id") ON DELETE SET NULL,
  ADD COLUMN "impianto_id" uuid REFERENCES "impianti"("id") ON DELETE SET NULL,
  ADD COLUMN "completato" boolean DEFAULT false NOT NULL,
  ADD COLUMN "completato_at" timestamp with time zone,
  ADD COLUMN "inviato" boolean DEFAULT false NOT NULL,
  ADD COLUMN "richiesta_iniziale" text,
  ADD COLUMN "note" text,
  ADD COLUMN "gestione_prezzi" jsonb,
  ADD COLUMN "totale_ore" numeric(8, 2) DEFAULT '0' NOT NULL,
  ADD COLUMN "totale" numeric(14, 2),
  ADD COLUMN "created_by" uuid REFERENCES "utenti"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "rapportini_numero_uq" ON "rapportini" ("azienda_id", "numero_assistenza");
--> statement-breakpoint
CREATE INDEX "rapportini_apertura_idx" ON "rapportini" ("azienda_id", "data_apertura", "id");
--> statement-breakpoint
CREATE INDEX "rapportini_stato_apertura_idx" ON "rapportini" ("azienda_id", "stato", "data_apertura", "id");
--> statement-breakpoint
CREATE INDEX "rapportini_contratto_idx" ON "rapportini" ("azienda_id", "contratto_id") WHERE "contratto_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "rapportini_tecnici" (
  "azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE CASCADE,
  "rapportino_id" uuid NOT NULL,
  "utente_id" uuid NOT NULL REFERENCES "utenti"("id") ON DELETE CASCADE,
  "data_apertura" date NOT NULL,
  CONSTRAINT "rapportini_tecnici_pk" PRIMARY KEY ("rapportino_id", "utente_id"),
  CONSTRAINT "rapportini_tecnici_rapportino_fk" FOREIGN KEY ("azienda_id", "rapportino_id") REFERENCES "rapportini"("azienda_id", "id") ON DELETE CASCADE
);
--> statement-breakpoint
-- The technician filter of the list walks this index in date order (data_apertura copied from the report).
CREATE INDEX "rapportini_tecnici_utente_idx" ON "rapportini_tecnici" ("azienda_id", "utente_id", "data_apertura", "rapportino_id");
--> statement-breakpoint
CREATE TABLE "rapportini_macchinari" (
  "azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE CASCADE,
  "rapportino_id" uuid NOT NULL,
  "macchinario_id" uuid NOT NULL REFERENCES "macchinari"("id") ON DELETE CASCADE,
  CONSTRAINT "rapportini_macchinari_pk" PRIMARY KEY ("rapportino_id", "macchinario_id"),
  CONSTRAINT "rapportini_macchinari_rapportino_fk" FOREIGN KEY ("azienda_id", "rapportino_id") REFERENCES "rapportini"("azienda_id", "id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE TABLE "rapportini_giornate" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE CASCADE,
  "rapportino_id" uuid NOT NULL,
  "ordine" integer NOT NULL,
  "data" date NOT NULL,
  "tecnico_id" uuid REFERENCES "utenti"("id") ON DELETE SET NULL,
  "tecnico_nome" text NOT NULL,
  "totale_ore" numeric(6, 2) DEFAULT '0' NOT NULL,
  "ore_mattina" numeric(6, 2),
  "ore_pomeriggio" numeric(6, 2),
  "inizio_mattina" text,
  "fine_mattina" text,
  "inizio_pomeriggio" text,
  "fine_pomeriggio" text,
  "pranzo" text DEFAULT 'N' NOT NULL,
  "cena" text DEFAULT 'N' NOT NULL,
  "pernottamento" text DEFAULT 'N' NOT NULL,
  "km_viaggio" numeric(8, 1) DEFAULT '0' NOT NULL,
  "ore_viaggio" numeric(6, 2) DEFAULT '0' NOT NULL,
  "ritorno" boolean DEFAULT false NOT NULL,
  "prezzo_impostato" numeric(12, 2),
  CONSTRAINT "rapportini_giornate_flags_ck" CHECK ("pranzo" IN ('S', 'N') AND "cena" IN ('S', 'N') AND "pernottamento" IN ('S', 'N')),
  CONSTRAINT "rapportini_giornate_rapportino_fk" FOREIGN KEY ("azienda_id", "rapportino_id") REFERENCES "rapportini"("azienda_id", "id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "rapportini_giornate_rapportino_idx" ON "rapportini_giornate" ("rapportino_id", "ordine");
--> statement-breakpoint
CREATE TABLE "rapportini_materiali" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE CASCADE,
  "rapportino_id" uuid NOT NULL,
  "ordine" integer NOT NULL,
  "articolo_id" uuid REFERENCES "articoli"("id") ON DELETE SET NULL,
  "codice" text,
  "descrizione" text NOT NULL,
  "quantita" numeric(12, 3) NOT NULL,
  "unita" text,
  "importo_unitario" numeric(12, 2),
  "costo_acquisto" numeric(12, 2),
  "prezzo_netto" numeric(12, 2),
  CONSTRAINT "rapportini_materiali_rapportino_fk" FOREIGN KEY ("azienda_id", "rapportino_id") REFERENCES "rapportini"("azienda_id", "id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "rapportini_materiali_rapportino_idx" ON "rapportini_materiali" ("rapportino_id", "ordine");
--> statement-breakpoint
CREATE TABLE "rapportini_controlli" (
  "azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE CASCADE,
  "rapportino_id" uuid NOT NULL,
  "controllo_id" uuid NOT NULL REFERENCES "controlli"("id") ON DELETE CASCADE,
  "descrizione" text NOT NULL,
  "ordine" integer NOT NULL,
  "esito" text,
  "note" text,
  CONSTRAINT "rapportini_controlli_pk" PRIMARY KEY ("rapportino_id", "controllo_id"),
  CONSTRAINT "rapportini_controlli_esito_ck" CHECK ("esito" IS NULL OR "esito" IN ('ok', 'ko', 'na')),
  CONSTRAINT "rapportini_controlli_rapportino_fk" FOREIGN KEY ("azienda_id", "rapportino_id") REFERENCES "rapportini"("azienda_id", "id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE TABLE "campi_personalizzati" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE CASCADE,
  "nome" text NOT NULL,
  "tipo" text NOT NULL,
  "valore" text,
  "obbligatorio" boolean DEFAULT false NOT NULL,
  "abilitazione" boolean DEFAULT true NOT NULL,
  "valore_richiesto" text,
  "posizione" text NOT NULL,
  "ordine" integer NOT NULL,
  "visibile_app" boolean DEFAULT true NOT NULL,
  "visibile_web" boolean DEFAULT true NOT NULL,
  "visibile_stampa" boolean DEFAULT true NOT NULL,
  "articolo_id" uuid REFERENCES "articoli"("id") ON DELETE SET NULL,
  "scelte" jsonb DEFAULT '[]'::jsonb NOT NULL,
  -- A field removed while reports hold values keeps its row (hidden from the configuration): old reports show it.
  "eliminato_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "campi_personalizzati_tipo_ck" CHECK ("tipo" IN ('testo_breve', 'testo_lungo', 'numero', 'vero_falso', 'data', 'scelta', 'ora')),
  CONSTRAINT "campi_personalizzati_posizione_ck" CHECK ("posizione" IN ('intestazione', 'richiesta_iniziale', 'ore_lavorate', 'materiale', 'controlli', 'chiusura'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "campi_personalizzati_azienda_id_uq" ON "campi_personalizzati" ("azienda_id", "id");
--> statement-breakpoint
CREATE TABLE "rapportini_campi" (
  "azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE CASCADE,
  "rapportino_id" uuid NOT NULL,
  "campo_id" uuid NOT NULL,
  "valore" text,
  CONSTRAINT "rapportini_campi_pk" PRIMARY KEY ("rapportino_id", "campo_id"),
  CONSTRAINT "rapportini_campi_rapportino_fk" FOREIGN KEY ("azienda_id", "rapportino_id") REFERENCES "rapportini"("azienda_id", "id") ON DELETE CASCADE,
  CONSTRAINT "rapportini_campi_campo_fk" FOREIGN KEY ("azienda_id", "campo_id") REFERENCES "campi_personalizzati"("azienda_id", "id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "rapportini_campi_campo_idx" ON "rapportini_campi" ("azienda_id", "campo_id");
--> statement-breakpoint
CREATE TABLE "numerazioni" (
  "azienda_id" uuid PRIMARY KEY NOT NULL REFERENCES "aziende"("id") ON DELETE CASCADE,
  "prefisso" text DEFAULT '' NOT NULL,
  "formato" text NOT NULL,
  "cifre" integer NOT NULL,
  "azzeramento_annuale" boolean NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The last progressive given per company and year (year 0 without the yearly reset). Taken with an
-- UPDATE ... RETURNING inside the report's transaction: the row lock orders concurrent creations and a
-- rolled-back creation gives its number back, so numbers are never reused nor skipped.
CREATE TABLE "numerazioni_contatori" (
  "azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE CASCADE,
  "anno" integer NOT NULL,
  "ultimo" integer NOT NULL,
  CONSTRAINT "numerazioni_contatori_pk" PRIMARY KEY ("azienda_id", "anno")
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE CASCADE,
  "tipo" text NOT NULL,
  "aggregate_id" uuid NOT NULL,
  "payload" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "outbox_events_pending_idx" ON "outbox_events" ("created_at") WHERE "processed_at" IS NULL;
