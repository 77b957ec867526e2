-- Issue 3, options and first-access tour: per-company option values and the reasons configuration.
CREATE TABLE "opzioni_azienda" (
	"azienda_id" uuid NOT NULL,
	"category" text NOT NULL,
	"subcategory" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opzioni_azienda_azienda_id_category_subcategory_pk" PRIMARY KEY("azienda_id","category","subcategory")
);
--> statement-breakpoint
ALTER TABLE "opzioni_azienda" ADD CONSTRAINT "opzioni_azienda_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "motivazioni" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"testo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "motivazioni" ADD CONSTRAINT "motivazioni_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "motivazioni_azienda_testo_uq" ON "motivazioni" USING btree ("azienda_id", lower("testo"));
