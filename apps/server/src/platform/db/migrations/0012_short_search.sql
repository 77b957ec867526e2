-- Issue 4, lists at scale (bench/lists.ts, 100,000 customers and 100,000 articles in one company).
-- 1. A customers search of 1-2 characters matches the start of search_text (the lower()ed name comes
--    first in it) through starts_with(), which PostgreSQL turns into a range on this btree
--    (text_pattern_ops: byte order, whatever the database collation). No trigram index can serve such a
--    term, so the contains-search read and counted every row of the company (70 ms at 100,000). The plain
--    columns ragione_sociale and id after the key make the count and the picking of a page sorted by name
--    index-only (no row read for the hits that are not on the page).
CREATE INDEX "clienti_search_prefix_idx" ON "clienti" ("azienda_id", "search_text" text_pattern_ops, "ragione_sociale", "id");
--> statement-breakpoint
-- 2. The sort indexes on lower(ragione_sociale) and lower(citta) get the plain column after id (which
--    decides every order already, so the order is unchanged): an index-only scan needs the column itself
--    to compute the sort value, and a deep page then picks its ids without reading the rows OFFSET skips
--    (the middle page of 100,000 customers by name: 64 ms of heap reads, 17 ms index-only).
DROP INDEX IF EXISTS "clienti_ragione_sociale_idx";
--> statement-breakpoint
CREATE INDEX "clienti_ragione_sociale_idx" ON "clienti" ("azienda_id", lower("ragione_sociale"), "id", "ragione_sociale");
--> statement-breakpoint
DROP INDEX IF EXISTS "clienti_citta_idx";
--> statement-breakpoint
CREATE INDEX "clienti_citta_idx" ON "clienti" ("azienda_id", lower("citta"), "id", "citta");
--> statement-breakpoint
-- 3. An articles search of 1-2 characters matches the start of the description (starts_with on
--    lower(descrizione), a range on this btree); the contains-search read every article (73 ms). Description,
--    code, reference and id after the key: the count, and the picking of a page in any of the three sort
--    orders, are index-only (walking a sort index and filtering reads most of the company when the
--    hits are late in that order: descriptions and references are correlated through the brand).
CREATE INDEX "articoli_descrizione_prefix_idx" ON "articoli" ("azienda_id", lower("descrizione") text_pattern_ops, "descrizione", "codice", "riferimento_esterno", "id");
