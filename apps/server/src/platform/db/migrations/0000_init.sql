CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aziende" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ragione_sociale" text NOT NULL,
	"partita_iva" text NOT NULL,
	"codice_fiscale" text,
	"mail_principale" text,
	"pec" text,
	"codice_destinatario" text,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"telefono" text,
	"indirizzo" text,
	"citta" text,
	"provincia" text,
	"cap" text,
	"nazione" text DEFAULT 'IT' NOT NULL,
	"timezone" text DEFAULT 'Europe/Rome' NOT NULL,
	"lingua_default" text DEFAULT 'IT' NOT NULL,
	"subscription_type" text DEFAULT 'premium' NOT NULL,
	"subscription_confirmed" boolean DEFAULT false NOT NULL,
	"subscription_payment_method" text DEFAULT 'card' NOT NULL,
	"subscription_billing_period" text DEFAULT 'yearly' NOT NULL,
	"scadenza_trial_date" date,
	"scadenza_abbonamento_date" date,
	"start_abbonamento_date" date,
	"dunning" boolean DEFAULT false NOT NULL,
	"work_flow_primo_accesso" integer DEFAULT 0 NOT NULL,
	"logo_media_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aziende_partita_iva_unique" UNIQUE("partita_iva")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"section" text NOT NULL,
	"owner_id" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"utente_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"azienda_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text DEFAULT 'rotating' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessioni" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"utente_id" uuid NOT NULL,
	"source" text NOT NULL,
	"device_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "utenti" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"password_hash" text NOT NULL,
	"name" text,
	"surname" text,
	"lingua" text DEFAULT 'IT' NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"superuser" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"scheduleenabled" text DEFAULT 'N' NOT NULL,
	"primo_accesso_completato" boolean DEFAULT false NOT NULL,
	"net_price_km" numeric(12, 2),
	"net_price_ore_viaggio" numeric(12, 2),
	"net_price_tecnico" numeric(12, 2),
	"timezone" text DEFAULT 'Europe/Rome' NOT NULL,
	"signature" text,
	"media_id" uuid,
	"gruppo_id" uuid,
	"permissions_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessioni_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessioni"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessioni" ADD CONSTRAINT "sessioni_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessioni" ADD CONSTRAINT "sessioni_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utenti" ADD CONSTRAINT "utenti_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_owner_idx" ON "media" USING btree ("azienda_id","section","owner_id");--> statement-breakpoint
CREATE INDEX "password_resets_utente_idx" ON "password_resets" USING btree ("utente_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessioni_utente_active_idx" ON "sessioni" USING btree ("azienda_id","utente_id","source") WHERE revoked_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "utenti_azienda_username_uq" ON "utenti" USING btree ("azienda_id",lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "utenti_email_uq" ON "utenti" USING btree (lower("email"));