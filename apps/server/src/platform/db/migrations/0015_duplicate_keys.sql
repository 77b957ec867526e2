-- Issue 10: a customer's registry id, VAT number and tax code, and an article's code and external
-- reference, are compared without regard to case and spaces when a save looks for another record with
-- the same value (docs/decisions/0019-duplicates-and-search.md). fs_key is that comparison's form of a code; the
-- indexes let the check (and the import's matching of existing records) read only the equal ones.
CREATE OR REPLACE FUNCTION fs_key(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT upper(regexp_replace($1, '\s', '', 'g')) $$;
--> statement-breakpoint
CREATE INDEX "clienti_codice_key_idx" ON "clienti" ("azienda_id", fs_key("codice"));
--> statement-breakpoint
CREATE INDEX "clienti_partita_iva_key_idx" ON "clienti" ("azienda_id", fs_key("partita_iva"));
--> statement-breakpoint
CREATE INDEX "clienti_codice_fiscale_key_idx" ON "clienti" ("azienda_id", fs_key("codice_fiscale"));
--> statement-breakpoint
CREATE INDEX "articoli_codice_key_idx" ON "articoli" ("azienda_id", fs_key("codice"));
--> statement-breakpoint
CREATE INDEX "articoli_riferimento_key_idx" ON "articoli" ("azienda_id", fs_key("riferimento_esterno"));
