-- Statistics (issue 27, docs/decisions/0046-statistics.md): every tab sums a year (the general tab two: the range
-- and the previous period) of reports, report days, clockings and activity dates of one company. Each of these
-- indexes holds every column its query reads, so the sums are index-only scans in key order (no table row is
-- visited): the reports by opening day (state, customer, contract), the closed reports by closing instant (customer,
-- contract, revenue, opening day), the closed reports of a contract (its hours), the report days by day (report,
-- technician, hours, travel, km), the clockings by company day (user, kind, minutes), the activity dates by due day.
CREATE INDEX "rapportini_stats_apertura_idx" ON "rapportini" USING btree ("azienda_id","data_apertura","stato","cliente_id","contratto_id");
--> statement-breakpoint
CREATE INDEX "rapportini_stats_chiusura_idx" ON "rapportini" USING btree ("azienda_id","data_chiusura","cliente_id","contratto_id","totale","data_apertura") WHERE "rapportini"."stato" = 'CHIUSO';
--> statement-breakpoint
CREATE INDEX "rapportini_stats_contratto_idx" ON "rapportini" USING btree ("azienda_id","contratto_id","data_chiusura","totale_ore") WHERE "rapportini"."stato" = 'CHIUSO' AND "rapportini"."contratto_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "rapportini_giornate_stats_idx" ON "rapportini_giornate" USING btree ("azienda_id","data","rapportino_id","tecnico_id","totale_ore","ore_viaggio","km_viaggio");
--> statement-breakpoint
CREATE INDEX "timbrature_stats_idx" ON "timbrature" USING btree ("azienda_id","giorno","utente_id","tipo","minuti_calcolati");
--> statement-breakpoint
CREATE INDEX "attivita_date_stats_idx" ON "attivita_date" USING btree ("azienda_id","data","contratto_id","fatta_at");
