-- Issue 4, articles and job roles with checks (schema-articles.ts). pg_trgm serves the contains search of articles;
-- btree_gin puts the company id in that GIN index, so a search reads one company's matches, not every tenant's.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE TABLE "articoli" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"codice" text NOT NULL,
	"riferimento_esterno" text,
	"descrizione" text NOT NULL,
	"unita_misura" text,
	"prezzo_vendita" numeric(12, 2),
	"prezzo_acquisto" numeric(12, 2),
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articoli" ADD CONSTRAINT "articoli_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "articoli_azienda_codice_idx" ON "articoli" USING btree ("azienda_id", "codice", "id");
--> statement-breakpoint
CREATE INDEX "articoli_azienda_riferimento_idx" ON "articoli" USING btree ("azienda_id", "riferimento_esterno", "id");
--> statement-breakpoint
CREATE INDEX "articoli_azienda_descrizione_idx" ON "articoli" USING btree ("azienda_id", "descrizione", "id");
--> statement-breakpoint
CREATE INDEX "articoli_azienda_codice_lc_idx" ON "articoli" USING btree ("azienda_id", (lower("codice") COLLATE "C"));
--> statement-breakpoint
CREATE INDEX "articoli_azienda_riferimento_lc_idx" ON "articoli" USING btree ("azienda_id", (lower("riferimento_esterno") COLLATE "C"));
--> statement-breakpoint
CREATE INDEX "articoli_search_trgm_idx" ON "articoli" USING gin ("azienda_id", (lower("codice" || ' ' || coalesce("riferimento_esterno", '') || ' ' || "descrizione")) gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE "mansioni" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"descrizione" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mansioni" ADD CONSTRAINT "mansioni_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "mansioni_azienda_nome_uq" ON "mansioni" USING btree ("azienda_id", lower("nome"));
--> statement-breakpoint
CREATE TABLE "controlli" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"mansione_id" uuid NOT NULL,
	"nome_campo" text NOT NULL,
	"descrizione" text,
	"tipo_campo" text DEFAULT 'boolean' NOT NULL,
	"obbligatorio" boolean DEFAULT false NOT NULL,
	"valori" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ordine" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "controlli" ADD CONSTRAINT "controlli_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "controlli" ADD CONSTRAINT "controlli_mansione_id_mansioni_id_fk" FOREIGN KEY ("mansione_id") REFERENCES "public"."mansioni"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "controlli_mansione_idx" ON "controlli" USING btree ("azienda_id", "mansione_id", "ordine");
--> statement-breakpoint
CREATE TABLE "utenti_mansioni" (
	"azienda_id" uuid NOT NULL,
	"utente_id" uuid NOT NULL,
	"mansione_id" uuid NOT NULL,
	CONSTRAINT "utenti_mansioni_utente_id_mansione_id_pk" PRIMARY KEY("utente_id", "mansione_id")
);
--> statement-breakpoint
ALTER TABLE "utenti_mansioni" ADD CONSTRAINT "utenti_mansioni_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "utenti_mansioni" ADD CONSTRAINT "utenti_mansioni_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "utenti_mansioni" ADD CONSTRAINT "utenti_mansioni_mansione_id_mansioni_id_fk" FOREIGN KEY ("mansione_id") REFERENCES "public"."mansioni"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "utenti_mansioni_mansione_idx" ON "utenti_mansioni" USING btree ("azienda_id", "mansione_id");
