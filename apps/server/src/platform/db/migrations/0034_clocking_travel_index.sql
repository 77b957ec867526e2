-- Clocking (issue 26): a technician's travel records by company day, for the daily allowance (the leg before a
-- range, one index step per technician; the travel of a range), without walking the work records.
CREATE INDEX "timbrature_viaggi_idx" ON "timbrature" USING btree ("azienda_id","utente_id","giorno","timbratura_start") WHERE "timbrature"."tipo" <> 'LAVORO';
