-- Issue 3, technicians and permission groups: display order of users, custom permission groups, app-access codes.
ALTER TABLE "utenti" ADD COLUMN "ordine" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "utenti" u SET "ordine" = r.n FROM (
	SELECT "id", row_number() OVER (PARTITION BY "azienda_id" ORDER BY "created_at", "username") AS n FROM "utenti"
) r WHERE r."id" = u."id";
--> statement-breakpoint
CREATE TABLE "gruppi" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"name" text NOT NULL,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gruppi" ADD CONSTRAINT "gruppi_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "gruppi_azienda_name_uq" ON "gruppi" USING btree ("azienda_id", lower("name"));
--> statement-breakpoint
ALTER TABLE "utenti" ADD CONSTRAINT "utenti_gruppo_id_gruppi_id_fk" FOREIGN KEY ("gruppo_id") REFERENCES "public"."gruppi"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "utenti_gruppo_idx" ON "utenti" USING btree ("azienda_id", "gruppo_id");
--> statement-breakpoint
CREATE TABLE "access_otps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"utente_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_otps_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "access_otps" ADD CONSTRAINT "access_otps_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "access_otps" ADD CONSTRAINT "access_otps_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "access_otps_utente_idx" ON "access_otps" USING btree ("azienda_id", "utente_id");
