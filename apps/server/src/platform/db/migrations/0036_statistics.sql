-- Statistics (issue 27, docs/decisions/0046-statistics.md): every tab sums a year (the general tab two: the range
-- and the previous period) of reports, report days, clockings and activity dates of one company. Each of these
-- indexes holds every column its query reads, so the sums are index-only scans in key order (no table row is
-- visited): the reports by opening day (state, customer, contract, type), the closed reports by closing instant (customer,
-- contract, revenue, opening day), the closed reports of a contract (its hours), the report days by day (report,
-- technician, hours, travel, km), the clockings by company day (user, kind, minutes), the activity dates by due day.
CREATE INDEX "rapportini_stats_apertura_idx" ON "rapportini" USING btree ("azienda_id","data_apertura","stato","cliente_id","contratto_id","tipo_intervento");
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
--> statement-breakpoint
-- The general tab reads two years by day (the range and the previous period): the reports opened by day and state,
-- closed by day with their revenue, the report days' hours and km. Those sums are kept here, one row per company and
-- company day, by statement triggers in the transaction that writes the reports and their days (as 0032 keeps the
-- row counts): reading them is at most 731 rows, whatever the number of reports. A closing instant's day is cut in
-- the company's time zone when the report is written.
CREATE TABLE "statistiche_giorni" (
	"azienda_id" uuid NOT NULL,
	"giorno" date NOT NULL,
	"aperti_nuovo" integer DEFAULT 0 NOT NULL,
	"aperti_aperto" integer DEFAULT 0 NOT NULL,
	"aperti_chiuso" integer DEFAULT 0 NOT NULL,
	"chiusi" integer DEFAULT 0 NOT NULL,
	"ricavi" numeric(16, 2) DEFAULT '0' NOT NULL,
	"ore" numeric(14, 2) DEFAULT '0' NOT NULL,
	"ore_viaggio" numeric(14, 2) DEFAULT '0' NOT NULL,
	"km" numeric(16, 1) DEFAULT '0' NOT NULL,
	CONSTRAINT "statistiche_giorni_pk" PRIMARY KEY("azienda_id","giorno")
);
--> statement-breakpoint
ALTER TABLE "statistiche_giorni" ADD CONSTRAINT "statistiche_giorni_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The statement adding to each company day what the rows of `righe` (a transition table, with their sign `s`) bring.
-- Inserted and updated rows add (upsert); deleted rows take away (update only: a company being deleted has no row
-- to insert). Run by the trigger function itself (EXECUTE there sees the transition tables; a called function would not).
CREATE FUNCTION "statistiche_giorni_sql"(righe text, delta_rapportini boolean, sottrai boolean) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  contributi text;
BEGIN
  IF delta_rapportini THEN
    contributi := format($q$
      SELECT x.azienda_id, x.data_apertura AS giorno,
             sum(x.s * (x.stato = 'NUOVO')::int) AS aperti_nuovo, sum(x.s * (x.stato = 'APERTO')::int) AS aperti_aperto,
             sum(x.s * (x.stato = 'CHIUSO')::int) AS aperti_chiuso, 0 AS chiusi, 0::numeric AS ricavi,
             0::numeric AS ore, 0::numeric AS ore_viaggio, 0::numeric AS km
        FROM (%1$s) x GROUP BY 1, 2
      UNION ALL
      SELECT x.azienda_id, (x.data_chiusura AT TIME ZONE a.timezone)::date, 0, 0, 0, sum(x.s)::int,
             sum(x.s * coalesce(x.totale, 0)), 0, 0, 0
        FROM (%1$s) x JOIN aziende a ON a.id = x.azienda_id
       WHERE x.stato = 'CHIUSO' AND x.data_chiusura IS NOT NULL GROUP BY 1, 2$q$, righe);
  ELSE
    contributi := format($q$
      SELECT x.azienda_id, x.data AS giorno, 0 AS aperti_nuovo, 0 AS aperti_aperto, 0 AS aperti_chiuso, 0 AS chiusi,
             0::numeric AS ricavi, sum(x.s * x.totale_ore) AS ore, sum(x.s * x.ore_viaggio) AS ore_viaggio,
             sum(x.s * x.km_viaggio) AS km
        FROM (%1$s) x GROUP BY 1, 2$q$, righe);
  END IF;
  contributi := format($q$
    SELECT azienda_id, giorno, sum(aperti_nuovo)::int AS aperti_nuovo, sum(aperti_aperto)::int AS aperti_aperto,
           sum(aperti_chiuso)::int AS aperti_chiuso, sum(chiusi)::int AS chiusi, sum(ricavi) AS ricavi, sum(ore) AS ore,
           sum(ore_viaggio) AS ore_viaggio, sum(km) AS km
      FROM (%s) c GROUP BY 1, 2
    HAVING sum(aperti_nuovo) <> 0 OR sum(aperti_aperto) <> 0 OR sum(aperti_chiuso) <> 0 OR sum(chiusi) <> 0
        OR sum(ricavi) <> 0 OR sum(ore) <> 0 OR sum(ore_viaggio) <> 0 OR sum(km) <> 0$q$, contributi);
  IF sottrai THEN
    RETURN format($q$
      UPDATE statistiche_giorni g SET aperti_nuovo = g.aperti_nuovo + d.aperti_nuovo,
             aperti_aperto = g.aperti_aperto + d.aperti_aperto, aperti_chiuso = g.aperti_chiuso + d.aperti_chiuso,
             chiusi = g.chiusi + d.chiusi, ricavi = g.ricavi + d.ricavi, ore = g.ore + d.ore,
             ore_viaggio = g.ore_viaggio + d.ore_viaggio, km = g.km + d.km
        FROM (%s) d WHERE g.azienda_id = d.azienda_id AND g.giorno = d.giorno$q$, contributi);
  END IF;
  RETURN format($q$
      INSERT INTO statistiche_giorni AS g (azienda_id, giorno, aperti_nuovo, aperti_aperto, aperti_chiuso, chiusi, ricavi,
                                           ore, ore_viaggio, km)
      SELECT * FROM (%s) d
      ON CONFLICT (azienda_id, giorno) DO UPDATE SET aperti_nuovo = g.aperti_nuovo + excluded.aperti_nuovo,
             aperti_aperto = g.aperti_aperto + excluded.aperti_aperto,
             aperti_chiuso = g.aperti_chiuso + excluded.aperti_chiuso, chiusi = g.chiusi + excluded.chiusi,
             ricavi = g.ricavi + excluded.ricavi, ore = g.ore + excluded.ore,
             ore_viaggio = g.ore_viaggio + excluded.ore_viaggio, km = g.km + excluded.km$q$, contributi);
END $$;
--> statement-breakpoint
CREATE FUNCTION "statistiche_giorni_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rapportini boolean := TG_TABLE_NAME = 'rapportini';
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE statistiche_giorni_sql('SELECT *, 1 AS s FROM nuove', rapportini, false);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE statistiche_giorni_sql('SELECT *, -1 AS s FROM vecchie', rapportini, true);
  ELSE
    EXECUTE statistiche_giorni_sql('SELECT *, 1 AS s FROM nuove UNION ALL SELECT *, -1 AS s FROM vecchie', rapportini, false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rapportini_statistiche_aggiunte" AFTER INSERT ON "rapportini" REFERENCING NEW TABLE AS "nuove"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistiche_giorni_trigger"();
--> statement-breakpoint
CREATE TRIGGER "rapportini_statistiche_cambiate" AFTER UPDATE ON "rapportini" REFERENCING OLD TABLE AS "vecchie" NEW TABLE AS "nuove"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistiche_giorni_trigger"();
--> statement-breakpoint
CREATE TRIGGER "rapportini_statistiche_tolte" AFTER DELETE ON "rapportini" REFERENCING OLD TABLE AS "vecchie"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistiche_giorni_trigger"();
--> statement-breakpoint
CREATE TRIGGER "rapportini_giornate_statistiche_aggiunte" AFTER INSERT ON "rapportini_giornate" REFERENCING NEW TABLE AS "nuove"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistiche_giorni_trigger"();
--> statement-breakpoint
CREATE TRIGGER "rapportini_giornate_statistiche_cambiate" AFTER UPDATE ON "rapportini_giornate" REFERENCING OLD TABLE AS "vecchie" NEW TABLE AS "nuove"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistiche_giorni_trigger"();
--> statement-breakpoint
CREATE TRIGGER "rapportini_giornate_statistiche_tolte" AFTER DELETE ON "rapportini_giornate" REFERENCING OLD TABLE AS "vecchie"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistiche_giorni_trigger"();
--> statement-breakpoint
-- The rows already there (the tables locked first: nothing slips between the sums and the triggers).
LOCK TABLE "rapportini", "rapportini_giornate" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
DO $$ BEGIN EXECUTE statistiche_giorni_sql('SELECT *, 1 AS s FROM rapportini', true, false); END $$;
--> statement-breakpoint
DO $$ BEGIN EXECUTE statistiche_giorni_sql('SELECT *, 1 AS s FROM rapportini_giornate', false, false); END $$;
