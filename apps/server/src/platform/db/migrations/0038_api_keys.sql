-- Issue 28: API keys of a company (decision 0048). Only the key's SHA-256 is kept; its first and last characters
-- are shown. Scopes are permission areas with an action. A roll links the old key to its successor and gives the
-- old one an expiry. Revocation is kept (who, when), never a deletion.
CREATE TABLE "api_keys" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE CASCADE,
  "nome" text NOT NULL,
  "hash" text NOT NULL,
  "indizio" text NOT NULL,
  "scopes" jsonb NOT NULL,
  "limite_minuto" integer NOT NULL,
  "scadenza" timestamp with time zone,
  "ultimo_uso" timestamp with time zone,
  "revocata_il" timestamp with time zone,
  "revocata_da" uuid,
  "sostituita_da" uuid,
  "creata_da" uuid,
  "creata_il" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "api_keys_hash_uq" UNIQUE ("hash"),
  CONSTRAINT "api_keys_limite_check" CHECK ("limite_minuto" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_azienda_id_uq" ON "api_keys" ("azienda_id", "id");
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_creata_da_fk" FOREIGN KEY ("azienda_id", "creata_da")
  REFERENCES "utenti"("azienda_id", "id") ON DELETE SET NULL ("creata_da");
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revocata_da_fk" FOREIGN KEY ("azienda_id", "revocata_da")
  REFERENCES "utenti"("azienda_id", "id") ON DELETE SET NULL ("revocata_da");
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_sostituita_da_fk" FOREIGN KEY ("azienda_id", "sostituita_da")
  REFERENCES "api_keys"("azienda_id", "id") ON DELETE SET NULL ("sostituita_da");
