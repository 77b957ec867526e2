-- Issue 4, lists at scale (bench/lists.ts, 100,000 customers and 100,000 articles in one company).
-- 1. Indexes the cascades need: PostgreSQL's foreign-key actions look children up by the referencing
--    column alone (DELETE FROM impianti WHERE cliente_id = $1), which the (azienda_id, ...) list indexes
--    of 0005 cannot serve; without these, deleting a company of 50,000 customers with their plants and
--    machines scanned the child tables once per parent row (over 10 minutes; 1.8 s with them).
CREATE INDEX "clienti_recapiti_cliente_fk_idx" ON "clienti_recapiti" ("cliente_id");
--> statement-breakpoint
CREATE INDEX "impianti_cliente_fk_idx" ON "impianti" ("cliente_id");
--> statement-breakpoint
CREATE INDEX "macchinari_impianto_fk_idx" ON "macchinari" ("impianto_id");
--> statement-breakpoint
CREATE INDEX "macchinari_parent_fk_idx" ON "macchinari" ("parent_id") WHERE "parent_id" IS NOT NULL;
--> statement-breakpoint
-- 2. The city filter is a prefix (lower(citta) LIKE 'reg%'): the sort index clienti_citta_idx uses the
--    database collation, which LIKE cannot range over; text_pattern_ops can.
CREATE INDEX "clienti_citta_prefix_idx" ON "clienti" ("azienda_id", lower("citta") text_pattern_ops);
--> statement-breakpoint
-- 3. The customers' trigram index gets the company id in front (btree_gin, as the articles' in 0006):
--    a search reads one company's matches, not every tenant's.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
DROP INDEX IF EXISTS "clienti_search_trgm_idx";
--> statement-breakpoint
CREATE INDEX "clienti_search_trgm_idx" ON "clienti" USING gin ("azienda_id", "search_text" gin_trgm_ops);
