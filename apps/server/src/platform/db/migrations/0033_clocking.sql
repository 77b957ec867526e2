-- Clocking (issue 26, decision 0045): intervals, their corrections, month approvals.
CREATE TABLE "timbrature" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"utente_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"origine" text DEFAULT 'TECNICO' NOT NULL,
	"giorno" date NOT NULL,
	"timbratura_start" timestamp with time zone NOT NULL,
	"timbratura_end" timestamp with time zone,
	"timbratura_start_corretta" timestamp with time zone,
	"timbratura_end_corretta" timestamp with time zone,
	"timbratura_start_calcolata" timestamp with time zone NOT NULL,
	"timbratura_end_calcolata" timestamp with time zone,
	"minuti_calcolati" integer,
	"aperta" boolean DEFAULT true NOT NULL,
	"timezone" text NOT NULL,
	"cliente_id" uuid,
	"km" numeric(10, 2),
	"ritorno_non_necessario" boolean DEFAULT false NOT NULL,
	"start_latitude" double precision,
	"start_longitude" double precision,
	"start_accuracy_m" integer,
	"start_fix_at" timestamp with time zone,
	"start_fix_stale" boolean,
	"end_latitude" double precision,
	"end_longitude" double precision,
	"end_accuracy_m" integer,
	"end_fix_at" timestamp with time zone,
	"end_fix_stale" boolean,
	"versione" integer DEFAULT 0 NOT NULL,
	"creato_da" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timbrature_tipo_check" CHECK ("tipo" IN ('LAVORO', 'ANDATA', 'RITORNO')),
	CONSTRAINT "timbrature_origine_check" CHECK ("origine" IN ('TECNICO', 'UFFICIO')),
	CONSTRAINT "timbrature_km_check" CHECK ("km" IS NULL OR "km" >= 0)
);
--> statement-breakpoint
CREATE TABLE "timbrature_versioni" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"timbratura_id" uuid NOT NULL,
	"versione" integer NOT NULL,
	"timbratura_start" timestamp with time zone NOT NULL,
	"timbratura_end" timestamp with time zone,
	"motivo" text NOT NULL,
	"corretto_da" uuid,
	"corretto_il" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timbrature_approvazioni" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"utente_id" uuid NOT NULL,
	"mese" date NOT NULL,
	"approvato_da" uuid,
	"approvato_il" timestamp with time zone DEFAULT now() NOT NULL,
	"sbloccato_da" uuid,
	"sbloccato_il" timestamp with time zone,
	CONSTRAINT "timbrature_approvazioni_mese_check" CHECK (extract(day from "mese") = 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "timbrature_azienda_id_uq" ON "timbrature" USING btree ("azienda_id","id");
--> statement-breakpoint
ALTER TABLE "timbrature" ADD CONSTRAINT "timbrature_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "timbrature" ADD CONSTRAINT "timbrature_utente_fk" FOREIGN KEY ("azienda_id","utente_id") REFERENCES "public"."utenti"("azienda_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "timbrature" ADD CONSTRAINT "timbrature_cliente_fk" FOREIGN KEY ("azienda_id","cliente_id") REFERENCES "public"."clienti"("azienda_id","id") ON DELETE SET NULL ("cliente_id");
--> statement-breakpoint
ALTER TABLE "timbrature_versioni" ADD CONSTRAINT "timbrature_versioni_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "timbrature_versioni" ADD CONSTRAINT "timbrature_versioni_timbratura_fk" FOREIGN KEY ("azienda_id","timbratura_id") REFERENCES "public"."timbrature"("azienda_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "timbrature_approvazioni" ADD CONSTRAINT "timbrature_approvazioni_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "timbrature_approvazioni" ADD CONSTRAINT "timbrature_approvazioni_utente_fk" FOREIGN KEY ("azienda_id","utente_id") REFERENCES "public"."utenti"("azienda_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "timbrature_giorno_idx" ON "timbrature" USING btree ("azienda_id","giorno","utente_id");
--> statement-breakpoint
CREATE INDEX "timbrature_utente_idx" ON "timbrature" USING btree ("azienda_id","utente_id","timbratura_start");
--> statement-breakpoint
CREATE UNIQUE INDEX "timbrature_una_aperta_uq" ON "timbrature" USING btree ("azienda_id","utente_id") WHERE "timbrature"."aperta";
--> statement-breakpoint
CREATE UNIQUE INDEX "timbrature_versioni_uq" ON "timbrature_versioni" USING btree ("azienda_id","timbratura_id","versione");
--> statement-breakpoint
CREATE UNIQUE INDEX "timbrature_approvazioni_in_vigore_uq" ON "timbrature_approvazioni" USING btree ("azienda_id","utente_id","mese") WHERE "timbrature_approvazioni"."sbloccato_il" IS NULL;
