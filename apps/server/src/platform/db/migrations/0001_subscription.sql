CREATE TABLE "subscription_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"type" text NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_items_quantity_check" CHECK ("quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "subscription_items" ADD CONSTRAINT "subscription_items_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_items_type_uq" ON "subscription_items" USING btree ("azienda_id","type");
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"valid_from" date,
	"valid_until" date,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_code_unique" UNIQUE("code"),
	CONSTRAINT "vouchers_discount_check" CHECK (("percent_off" IS NULL) <> ("amount_off_cents" IS NULL)),
	CONSTRAINT "vouchers_percent_check" CHECK ("percent_off" IS NULL OR ("percent_off" > 0 AND "percent_off" <= 100)),
	CONSTRAINT "vouchers_amount_check" CHECK ("amount_off_cents" IS NULL OR "amount_off_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL REFERENCES "public"."aziende"("id") ON DELETE cascade,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"estimate" jsonb NOT NULL,
	"vouchers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"challenge_id" text,
	"gateway_reference" text,
	"transfer_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "subscription_payments_challenge_id_unique" UNIQUE("challenge_id")
);
--> statement-breakpoint
CREATE INDEX "subscription_payments_azienda_idx" ON "subscription_payments" USING btree ("azienda_id","created_at");
--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"voucher_id" uuid NOT NULL REFERENCES "public"."vouchers"("id") ON DELETE cascade,
	"azienda_id" uuid NOT NULL REFERENCES "public"."aziende"("id") ON DELETE cascade,
	"payment_id" uuid NOT NULL REFERENCES "public"."subscription_payments"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_redemptions_uq" ON "voucher_redemptions" USING btree ("voucher_id","azienda_id");
--> statement-breakpoint
CREATE TABLE "subscription_cards" (
	"azienda_id" uuid PRIMARY KEY NOT NULL REFERENCES "public"."aziende"("id") ON DELETE cascade,
	"last4" text NOT NULL,
	"brand" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"azienda_id" uuid NOT NULL REFERENCES "public"."aziende"("id") ON DELETE cascade,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"last4" text NOT NULL,
	"brand" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"return_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- registration (A2)
ALTER TABLE "aziende" ADD COLUMN "eliminazione_richiesta_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "aziende" ADD COLUMN "eliminazione_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "registrazioni_token" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL REFERENCES "public"."aziende"("id") ON DELETE cascade,
	"utente_id" uuid NOT NULL REFERENCES "public"."utenti"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"coupon" text,
	"coupon_valido" boolean,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrazioni_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "registrazioni_token_kind_check" CHECK ("kind" IN ('checkout', 'promo'))
);
--> statement-breakpoint
CREATE INDEX "registrazioni_token_azienda_idx" ON "registrazioni_token" USING btree ("azienda_id");
--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "trial_days" integer;
--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_trial_days_check" CHECK ("trial_days" IS NULL OR ("trial_days" > 0 AND "trial_days" <= 365));
