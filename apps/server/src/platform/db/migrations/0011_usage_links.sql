-- Issue 4: the core tables of contracts, contract activities and work reports (schema-contracts.ts), ahead of their
-- features, for the delete rules 0027, 0028 and 0033-0035. Every link is a foreign key on (azienda_id, <id>) to
-- (azienda_id, id) at both ends, so a row joins rows of one company only; the unique (azienda_id, id) indexes are the
-- targets. Plants, machines, job roles, checks and the customer are RESTRICT (the database refuses to delete a row in
-- use, behind the services' 403); the owning contract, activity or report cascades.
CREATE UNIQUE INDEX "clienti_azienda_id_uq" ON "clienti" USING btree ("azienda_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "impianti_azienda_id_uq" ON "impianti" USING btree ("azienda_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "macchinari_azienda_id_uq" ON "macchinari" USING btree ("azienda_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "mansioni_azienda_id_uq" ON "mansioni" USING btree ("azienda_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "controlli_azienda_id_uq" ON "controlli" USING btree ("azienda_id", "id");
--> statement-breakpoint
CREATE TABLE "contratti" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"cliente_id" uuid NOT NULL,
	"identificativo" text NOT NULL,
	"descrizione" text,
	"tipo" text NOT NULL,
	"data_inizio" date,
	"data_fine" date,
	"ore_residue" numeric(10, 2),
	"cessato" boolean DEFAULT false NOT NULL,
	"data_rinnovo" date,
	"rinnovo_automatico" boolean DEFAULT false NOT NULL,
	"giorni_preavviso_rinnovo" integer,
	"mail_avviso_scadenza_sent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contratti_tipo_ck" CHECK ("tipo" IN ('manutenzione', 'chiamata')),
	CONSTRAINT "contratti_date_ck" CHECK ("data_fine" IS NULL OR "data_inizio" IS NULL OR "data_fine" >= "data_inizio"),
	CONSTRAINT "contratti_preavviso_ck" CHECK ("giorni_preavviso_rinnovo" IS NULL OR "giorni_preavviso_rinnovo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "contratti" ADD CONSTRAINT "contratti_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contratti" ADD CONSTRAINT "contratti_cliente_fk" FOREIGN KEY ("azienda_id","cliente_id") REFERENCES "public"."clienti"("azienda_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "contratti_azienda_id_uq" ON "contratti" USING btree ("azienda_id", "id");
--> statement-breakpoint
CREATE INDEX "contratti_cliente_idx" ON "contratti" USING btree ("azienda_id", "cliente_id");
--> statement-breakpoint
CREATE TABLE "contratti_impianti" (
	"azienda_id" uuid NOT NULL,
	"contratto_id" uuid NOT NULL,
	"impianto_id" uuid NOT NULL,
	CONSTRAINT "contratti_impianti_contratto_id_impianto_id_pk" PRIMARY KEY("contratto_id", "impianto_id")
);
--> statement-breakpoint
ALTER TABLE "contratti_impianti" ADD CONSTRAINT "contratti_impianti_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contratti_impianti" ADD CONSTRAINT "contratti_impianti_contratto_fk" FOREIGN KEY ("azienda_id","contratto_id") REFERENCES "public"."contratti"("azienda_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contratti_impianti" ADD CONSTRAINT "contratti_impianti_impianto_fk" FOREIGN KEY ("azienda_id","impianto_id") REFERENCES "public"."impianti"("azienda_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "contratti_impianti_impianto_idx" ON "contratti_impianti" USING btree ("azienda_id", "impianto_id");
--> statement-breakpoint
CREATE TABLE "contratti_macchinari" (
	"azienda_id" uuid NOT NULL,
	"contratto_id" uuid NOT NULL,
	"macchinario_id" uuid NOT NULL,
	CONSTRAINT "contratti_macchinari_contratto_id_macchinario_id_pk" PRIMARY KEY("contratto_id", "macchinario_id")
);
--> statement-breakpoint
ALTER TABLE "contratti_macchinari" ADD CONSTRAINT "contratti_macchinari_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contratti_macchinari" ADD CONSTRAINT "contratti_macchinari_contratto_fk" FOREIGN KEY ("azienda_id","contratto_id") REFERENCES "public"."contratti"("azienda_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contratti_macchinari" ADD CONSTRAINT "contratti_macchinari_macchinario_fk" FOREIGN KEY ("azienda_id","macchinario_id") REFERENCES "public"."macchinari"("azienda_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "contratti_macchinari_macchinario_idx" ON "contratti_macchinari" USING btree ("azienda_id", "macchinario_id");
--> statement-breakpoint
CREATE TABLE "contratti_mansioni" (
	"azienda_id" uuid NOT NULL,
	"contratto_id" uuid NOT NULL,
	"mansione_id" uuid NOT NULL,
	CONSTRAINT "contratti_mansioni_contratto_id_mansione_id_pk" PRIMARY KEY("contratto_id", "mansione_id")
);
--> statement-breakpoint
ALTER TABLE "contratti_mansioni" ADD CONSTRAINT "contratti_mansioni_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contratti_mansioni" ADD CONSTRAINT "contratti_mansioni_contratto_fk" FOREIGN KEY ("azienda_id","contratto_id") REFERENCES "public"."contratti"("azienda_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contratti_mansioni" ADD CONSTRAINT "contratti_mansioni_mansione_fk" FOREIGN KEY ("azienda_id","mansione_id") REFERENCES "public"."mansioni"("azienda_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "contratti_mansioni_mansione_idx" ON "contratti_mansioni" USING btree ("azienda_id", "mansione_id");
--> statement-breakpoint
CREATE TABLE "contratti_attivita" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"contratto_id" uuid NOT NULL,
	"descrizione" text NOT NULL,
	"frequenza" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contratti_attivita_frequenza_ck" CHECK ("frequenza" IN ('fissa', 'variabile', 'data_singola'))
);
--> statement-breakpoint
ALTER TABLE "contratti_attivita" ADD CONSTRAINT "contratti_attivita_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contratti_attivita" ADD CONSTRAINT "contratti_attivita_contratto_fk" FOREIGN KEY ("azienda_id","contratto_id") REFERENCES "public"."contratti"("azienda_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "contratti_attivita_azienda_id_uq" ON "contratti_attivita" USING btree ("azienda_id", "id");
--> statement-breakpoint
CREATE INDEX "contratti_attivita_contratto_idx" ON "contratti_attivita" USING btree ("azienda_id", "contratto_id");
--> statement-breakpoint
CREATE TABLE "attivita_macchinari" (
	"azienda_id" uuid NOT NULL,
	"attivita_id" uuid NOT NULL,
	"macchinario_id" uuid NOT NULL,
	CONSTRAINT "attivita_macchinari_attivita_id_macchinario_id_pk" PRIMARY KEY("attivita_id", "macchinario_id")
);
--> statement-breakpoint
ALTER TABLE "attivita_macchinari" ADD CONSTRAINT "attivita_macchinari_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "attivita_macchinari" ADD CONSTRAINT "attivita_macchinari_attivita_fk" FOREIGN KEY ("azienda_id","attivita_id") REFERENCES "public"."contratti_attivita"("azienda_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "attivita_macchinari" ADD CONSTRAINT "attivita_macchinari_macchinario_fk" FOREIGN KEY ("azienda_id","macchinario_id") REFERENCES "public"."macchinari"("azienda_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "attivita_macchinari_macchinario_idx" ON "attivita_macchinari" USING btree ("azienda_id", "macchinario_id");
--> statement-breakpoint
CREATE TABLE "attivita_controlli" (
	"azienda_id" uuid NOT NULL,
	"attivita_id" uuid NOT NULL,
	"controllo_id" uuid NOT NULL,
	CONSTRAINT "attivita_controlli_attivita_id_controllo_id_pk" PRIMARY KEY("attivita_id", "controllo_id")
);
--> statement-breakpoint
ALTER TABLE "attivita_controlli" ADD CONSTRAINT "attivita_controlli_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "attivita_controlli" ADD CONSTRAINT "attivita_controlli_attivita_fk" FOREIGN KEY ("azienda_id","attivita_id") REFERENCES "public"."contratti_attivita"("azienda_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "attivita_controlli" ADD CONSTRAINT "attivita_controlli_controllo_fk" FOREIGN KEY ("azienda_id","controllo_id") REFERENCES "public"."controlli"("azienda_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "attivita_controlli_controllo_idx" ON "attivita_controlli" USING btree ("azienda_id", "controllo_id");
--> statement-breakpoint
CREATE TABLE "rapportini" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"cliente_id" uuid NOT NULL,
	"numero_assistenza" text,
	"stato" text DEFAULT 'NUOVO' NOT NULL,
	"data_apertura" timestamp with time zone DEFAULT now() NOT NULL,
	"data_chiusura" timestamp with time zone,
	"motivo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rapportini_stato_ck" CHECK ("stato" IN ('NUOVO', 'APERTO', 'CHIUSO'))
);
--> statement-breakpoint
ALTER TABLE "rapportini" ADD CONSTRAINT "rapportini_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rapportini" ADD CONSTRAINT "rapportini_cliente_fk" FOREIGN KEY ("azienda_id","cliente_id") REFERENCES "public"."clienti"("azienda_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "rapportini_azienda_id_uq" ON "rapportini" USING btree ("azienda_id", "id");
--> statement-breakpoint
CREATE INDEX "rapportini_cliente_idx" ON "rapportini" USING btree ("azienda_id", "cliente_id");
--> statement-breakpoint
CREATE TABLE "rapportini_mansioni" (
	"azienda_id" uuid NOT NULL,
	"rapportino_id" uuid NOT NULL,
	"mansione_id" uuid NOT NULL,
	CONSTRAINT "rapportini_mansioni_rapportino_id_mansione_id_pk" PRIMARY KEY("rapportino_id", "mansione_id")
);
--> statement-breakpoint
ALTER TABLE "rapportini_mansioni" ADD CONSTRAINT "rapportini_mansioni_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rapportini_mansioni" ADD CONSTRAINT "rapportini_mansioni_rapportino_fk" FOREIGN KEY ("azienda_id","rapportino_id") REFERENCES "public"."rapportini"("azienda_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rapportini_mansioni" ADD CONSTRAINT "rapportini_mansioni_mansione_fk" FOREIGN KEY ("azienda_id","mansione_id") REFERENCES "public"."mansioni"("azienda_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "rapportini_mansioni_mansione_idx" ON "rapportini_mansioni" USING btree ("azienda_id", "mansione_id");
