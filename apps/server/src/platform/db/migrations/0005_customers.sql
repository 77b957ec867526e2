-- Issue 4: customers, contacts, plants, machines, table preferences (schema-customers.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "clienti" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE CASCADE,
	"codice" text,
	"ragione_sociale" text NOT NULL,
	"codice_fiscale" text,
	"partita_iva" text,
	"telefono" text,
	"cellulare" text,
	"email" text,
	"note" text,
	"indirizzo" text,
	"citta" text,
	"provincia" text,
	"cap" text,
	"nazione" text DEFAULT 'IT' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"km_viaggio" numeric(10, 2),
	"ore_viaggio" numeric(8, 2),
	"search_text" text GENERATED ALWAYS AS (lower(ragione_sociale || ' ' || coalesce(codice, '') || ' ' || coalesce(partita_iva, '') || ' ' || coalesce(codice_fiscale, '') || ' ' || coalesce(citta, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clienti_latitude_ck" CHECK ("latitude" IS NULL OR "latitude" BETWEEN -90 AND 90),
	CONSTRAINT "clienti_longitude_ck" CHECK ("longitude" IS NULL OR "longitude" BETWEEN -180 AND 180),
	CONSTRAINT "clienti_viaggio_ck" CHECK (coalesce("km_viaggio", 0) >= 0 AND coalesce("ore_viaggio", 0) >= 0)
);
--> statement-breakpoint
CREATE INDEX "clienti_ragione_sociale_idx" ON "clienti" ("azienda_id", lower("ragione_sociale"), "id");
--> statement-breakpoint
CREATE INDEX "clienti_codice_idx" ON "clienti" ("azienda_id", "codice", "id");
--> statement-breakpoint
CREATE INDEX "clienti_partita_iva_idx" ON "clienti" ("azienda_id", "partita_iva", "id");
--> statement-breakpoint
CREATE INDEX "clienti_codice_fiscale_idx" ON "clienti" ("azienda_id", "codice_fiscale", "id");
--> statement-breakpoint
CREATE INDEX "clienti_citta_idx" ON "clienti" ("azienda_id", lower("citta"), "id");
--> statement-breakpoint
CREATE INDEX "clienti_provincia_idx" ON "clienti" ("azienda_id", "provincia", "id");
--> statement-breakpoint
CREATE INDEX "clienti_created_idx" ON "clienti" ("azienda_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "clienti_search_trgm_idx" ON "clienti" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE "clienti_recapiti" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE CASCADE,
	"cliente_id" uuid NOT NULL REFERENCES "clienti"("id") ON DELETE CASCADE,
	"nome" text NOT NULL,
	"ruolo" text,
	"telefono" text,
	"email" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "clienti_recapiti_cliente_idx" ON "clienti_recapiti" ("azienda_id", "cliente_id");
--> statement-breakpoint
CREATE TABLE "impianti" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE CASCADE,
	"cliente_id" uuid NOT NULL REFERENCES "clienti"("id") ON DELETE CASCADE,
	"nome" text NOT NULL,
	"indirizzo" text,
	"citta" text,
	"provincia" text,
	"cap" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "impianti_cliente_idx" ON "impianti" ("azienda_id", "cliente_id", lower("nome"), "id");
--> statement-breakpoint
CREATE TABLE "macchinari" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE CASCADE,
	"impianto_id" uuid NOT NULL REFERENCES "impianti"("id") ON DELETE CASCADE,
	"parent_id" uuid REFERENCES "macchinari"("id") ON DELETE CASCADE,
	"livello" integer DEFAULT 2 NOT NULL,
	"nome" text NOT NULL,
	"matricola" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "macchinari_livello_ck" CHECK ("livello" BETWEEN 2 AND 5)
);
--> statement-breakpoint
CREATE INDEX "macchinari_impianto_idx" ON "macchinari" ("azienda_id", "impianto_id", lower("nome"), "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "macchinari_matricola_uq" ON "macchinari" ("azienda_id", upper("matricola"));
--> statement-breakpoint
CREATE INDEX "macchinari_parent_idx" ON "macchinari" ("azienda_id", "parent_id");
--> statement-breakpoint
CREATE TABLE "preferenze_tabelle" (
	"azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE CASCADE,
	"utente_id" uuid NOT NULL REFERENCES "utenti"("id") ON DELETE CASCADE,
	"tabella" text NOT NULL,
	"colonne" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preferenze_tabelle_pk" PRIMARY KEY ("azienda_id", "utente_id", "tabella")
);
