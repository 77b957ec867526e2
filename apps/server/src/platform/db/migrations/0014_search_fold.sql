-- Issue 10: searches ignore accents, case and word order ("forli" finds "Forlì", "valvola sfera" finds
-- "Valvola a sfera"). The searched texts are folded by fs_fold (lower case, accents and ligatures off
-- through the unaccent dictionary); the term is folded by the same function, and each of its words
-- must appear somewhere (platform/lists.ts searchCondition). unaccent() itself is only STABLE (its
-- dictionary could change), so it cannot be indexed: fs_fold names the dictionary and is declared
-- IMMUTABLE, the usual wrapper; were the dictionary ever changed, REINDEX the indexes below.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fs_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
--> statement-breakpoint
-- Customers: search_text is the folded name, code, VAT, tax code and city (its two indexes go with it).
ALTER TABLE "clienti" DROP COLUMN "search_text";
--> statement-breakpoint
ALTER TABLE "clienti" ADD COLUMN "search_text" text GENERATED ALWAYS AS (fs_fold(ragione_sociale || ' ' || coalesce(codice, '') || ' ' || coalesce(partita_iva, '') || ' ' || coalesce(codice_fiscale, '') || ' ' || coalesce(citta, ''))) STORED;
--> statement-breakpoint
CREATE INDEX "clienti_search_trgm_idx" ON "clienti" USING gin ("azienda_id", "search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "clienti_search_prefix_idx" ON "clienti" ("azienda_id", "search_text" text_pattern_ops, "ragione_sociale", "id");
--> statement-breakpoint
-- Articles: the same fold of code, external reference and description, stored (a trigram match is
-- rechecked on the row: reading a column costs nothing, folding every candidate again does), and the
-- description alone folded for the 1-2 character prefix search.
DROP INDEX IF EXISTS "articoli_search_trgm_idx";
--> statement-breakpoint
ALTER TABLE "articoli" ADD COLUMN "search_text" text GENERATED ALWAYS AS (fs_fold(codice || ' ' || coalesce(riferimento_esterno, '') || ' ' || descrizione)) STORED;
--> statement-breakpoint
CREATE INDEX "articoli_search_trgm_idx" ON "articoli" USING gin ("azienda_id", "search_text" gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "articoli_descrizione_prefix_idx";
--> statement-breakpoint
CREATE INDEX "articoli_descrizione_prefix_idx" ON "articoli" ("azienda_id", fs_fold("descrizione") text_pattern_ops, "descrizione", "codice", "riferimento_esterno", "id");
--> statement-breakpoint
-- The customers' city filter: a prefix of the folded city.
DROP INDEX IF EXISTS "clienti_citta_prefix_idx";
--> statement-breakpoint
CREATE INDEX "clienti_citta_prefix_idx" ON "clienti" ("azienda_id", fs_fold("citta") text_pattern_ops);
