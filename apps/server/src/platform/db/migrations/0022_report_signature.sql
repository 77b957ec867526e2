-- Issue 12: the customer's acceptance of a work report (docs/decisions/0025-signature.md). The signature
-- image is a media row of section 'rapportino' (it counts against the storage quota); the report keeps
-- which one, the signer's name, the server's time, whether it was given through a mailed link and then
-- the client's address. All or nothing: a report is signed or it is not.
ALTER TABLE "rapportini"
  ADD COLUMN "firma_media_id" uuid,
  ADD COLUMN "firma_firmatario" text,
  ADD COLUMN "firma_at" timestamp with time zone,
  ADD COLUMN "firma_remoto" boolean DEFAULT false NOT NULL,
  ADD COLUMN "firma_ip" text;
--> statement-breakpoint
ALTER TABLE "rapportini" ADD CONSTRAINT "rapportini_firma_ck" CHECK (
  ("firma_media_id" IS NULL AND "firma_firmatario" IS NULL AND "firma_at" IS NULL)
  OR ("firma_media_id" IS NOT NULL AND "firma_firmatario" IS NOT NULL AND "firma_at" IS NOT NULL)
);
--> statement-breakpoint
-- Signing links mailed to the customer: only the SHA-256 of the token is kept; single use (usato_at),
-- valid until scade_at. A new link, or a signature given any other way, spends the report's open links.
CREATE TABLE "rapportini_firma_link" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE cascade,
  "rapportino_id" uuid NOT NULL,
  "token_hash" text NOT NULL,
  "email" text NOT NULL,
  "scade_at" timestamp with time zone NOT NULL,
  "usato_at" timestamp with time zone,
  "created_by" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "rapportini_firma_link_rapportino_fk" FOREIGN KEY ("azienda_id", "rapportino_id")
    REFERENCES "rapportini"("azienda_id", "id") ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rapportini_firma_link_token_uq" ON "rapportini_firma_link" ("token_hash");
--> statement-breakpoint
CREATE INDEX "rapportini_firma_link_rapportino_idx" ON "rapportini_firma_link" ("azienda_id", "rapportino_id");
