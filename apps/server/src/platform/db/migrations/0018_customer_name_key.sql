-- Issue 10: re-importing a file must not multiply the customers that have no registry id, VAT
-- number or tax code: such a row is the customer of the same folded name, address and city
-- (platform/db/bulk-upsert.ts, fallback). The folded name, indexed per company, finds them.
CREATE INDEX "clienti_name_fold_idx" ON "clienti" ("azienda_id", fs_fold(regexp_replace(coalesce("ragione_sociale", ''), '\s+', ' ', 'g')));
