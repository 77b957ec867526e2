CREATE TABLE "posizioni_tecnici" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"azienda_id" uuid NOT NULL,
	"utente_id" uuid NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy_m" integer,
	"recorded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posizioni_tecnici_lat_check" CHECK ("latitude" BETWEEN -90 AND 90),
	CONSTRAINT "posizioni_tecnici_lng_check" CHECK ("longitude" BETWEEN -180 AND 180)
);
--> statement-breakpoint
ALTER TABLE "posizioni_tecnici" ADD CONSTRAINT "posizioni_tecnici_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "posizioni_tecnici" ADD CONSTRAINT "posizioni_tecnici_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "posizioni_tecnici_utente_idx" ON "posizioni_tecnici" USING btree ("azienda_id","utente_id","recorded_at");
