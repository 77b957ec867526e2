-- Statistics by customer and by technician (issue 27, decision 0046 amended). The customers tab summed a year of
-- reports, report days joined to their reports, and closed reports by customer (1.4-1.6 s at 100,000 reports and
-- 50,000 customers on PostgreSQL); the technicians tab summed a year of report days, clockings, and closed reports
-- joined to their technicians (220-250 ms). Both now read sums kept by statement triggers in the transaction of the
-- change, as statistiche_giorni (0036) is kept:
--   statistiche_clienti_mesi: per company, month and customer: reports opened, hours and travel hours of the report
--     days, revenue of the reports closed (by the closing instant's company day). The tab reads the whole months of
--     its range here and the days at its two ends from the covering indexes below.
--   statistiche_tecnici_giorni: per company, day and user: hours, travel hours and km of the report days by their
--     technician, clocked work and travel minutes (calculated), reports closed that the user is assigned to.
-- So that each sum comes from the changed table's own rows (a deleted report's days and links are deleted by a
-- cascade, when the report is already gone), the report's customer is copied onto its days (kept by a foreign key
-- that cascades updates) and the report's closing day onto its technician links (kept by the trigger below).

-- 1. The report's customer on its days.
ALTER TABLE "rapportini_giornate" ADD COLUMN "cliente_id" uuid;
--> statement-breakpoint
ALTER TABLE "rapportini_giornate" DISABLE TRIGGER "rapportini_giornate_statistiche_cambiate";
--> statement-breakpoint
UPDATE "rapportini_giornate" g SET "cliente_id" = r."cliente_id"
  FROM "rapportini" r WHERE r."azienda_id" = g."azienda_id" AND r."id" = g."rapportino_id";
--> statement-breakpoint
ALTER TABLE "rapportini_giornate" ENABLE TRIGGER "rapportini_giornate_statistiche_cambiate";
--> statement-breakpoint
ALTER TABLE "rapportini_giornate" ALTER COLUMN "cliente_id" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "rapportini_cliente_uk" ON "rapportini" USING btree ("azienda_id","id","cliente_id");
--> statement-breakpoint
ALTER TABLE "rapportini_giornate" ADD CONSTRAINT "rapportini_giornate_cliente_fk" FOREIGN KEY ("azienda_id","rapportino_id","cliente_id")
  REFERENCES "public"."rapportini"("azienda_id","id","cliente_id") ON DELETE cascade ON UPDATE cascade;
--> statement-breakpoint
-- A day inserted without its customer takes its report's (when the report is visible: a statement inserting the
-- report and its days together must give it).
CREATE FUNCTION "rapportini_giornate_cliente"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.cliente_id IS NULL THEN
    SELECT r.cliente_id INTO NEW.cliente_id FROM rapportini r WHERE r.azienda_id = NEW.azienda_id AND r.id = NEW.rapportino_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rapportini_giornate_cliente" BEFORE INSERT ON "rapportini_giornate"
  FOR EACH ROW EXECUTE FUNCTION "rapportini_giornate_cliente"();
--> statement-breakpoint
DROP INDEX "rapportini_giornate_stats_idx";
--> statement-breakpoint
CREATE INDEX "rapportini_giornate_stats_idx" ON "rapportini_giornate" USING btree ("azienda_id","data","rapportino_id","tecnico_id","cliente_id","totale_ore","ore_viaggio","km_viaggio");
--> statement-breakpoint
-- The revenue of the closed reports on a contract (the contracts tab), summed along their closing instants.
CREATE INDEX "rapportini_stats_chiusura_contratto_idx" ON "rapportini" USING btree ("azienda_id","data_chiusura","totale") WHERE "rapportini"."stato" = 'CHIUSO' AND "rapportini"."contratto_id" IS NOT NULL;
--> statement-breakpoint
-- 2. The report's closing day (in the company's time zone) on its technician links; null while not closed.
ALTER TABLE "rapportini_tecnici" ADD COLUMN "chiuso_giorno" date;
--> statement-breakpoint
CREATE FUNCTION "rapportino_chiuso_giorno"(stato text, data_chiusura timestamptz, azienda uuid) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN stato = 'CHIUSO' AND data_chiusura IS NOT NULL
              THEN (data_chiusura AT TIME ZONE (SELECT a.timezone FROM aziende a WHERE a.id = azienda))::date END
$$;
--> statement-breakpoint
UPDATE "rapportini_tecnici" t SET "chiuso_giorno" = rapportino_chiuso_giorno(r.stato, r.data_chiusura, r.azienda_id)
  FROM "rapportini" r WHERE r."azienda_id" = t."azienda_id" AND r."id" = t."rapportino_id" AND r."stato" = 'CHIUSO';
--> statement-breakpoint
CREATE FUNCTION "rapportini_tecnici_chiuso"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT rapportino_chiuso_giorno(r.stato, r.data_chiusura, r.azienda_id) INTO NEW.chiuso_giorno
    FROM rapportini r WHERE r.azienda_id = NEW.azienda_id AND r.id = NEW.rapportino_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rapportini_tecnici_chiuso" BEFORE INSERT ON "rapportini_tecnici"
  FOR EACH ROW EXECUTE FUNCTION "rapportini_tecnici_chiuso"();
--> statement-breakpoint
-- A report inserted or changed brings its closing day to its links (also those a statement inserted beside it).
CREATE FUNCTION "rapportini_chiusura_ai_tecnici"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rapportini_tecnici t SET chiuso_giorno = c.giorno
    FROM (SELECT n.azienda_id, n.id, rapportino_chiuso_giorno(n.stato, n.data_chiusura, n.azienda_id) AS giorno
            FROM nuove n) c
   WHERE t.azienda_id = c.azienda_id AND t.rapportino_id = c.id AND t.chiuso_giorno IS DISTINCT FROM c.giorno;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rapportini_chiusura_aggiunti" AFTER INSERT ON "rapportini" REFERENCING NEW TABLE AS "nuove"
  FOR EACH STATEMENT EXECUTE FUNCTION "rapportini_chiusura_ai_tecnici"();
--> statement-breakpoint
CREATE TRIGGER "rapportini_chiusura_cambiati" AFTER UPDATE ON "rapportini" REFERENCING NEW TABLE AS "nuove"
  FOR EACH STATEMENT EXECUTE FUNCTION "rapportini_chiusura_ai_tecnici"();
--> statement-breakpoint
-- 3. The kept sums.
CREATE TABLE "statistiche_clienti_mesi" (
	"azienda_id" uuid NOT NULL,
	"mese" date NOT NULL,
	"cliente_id" uuid NOT NULL,
	"aperti" integer DEFAULT 0 NOT NULL,
	"ore" numeric(14, 2) DEFAULT '0' NOT NULL,
	"ore_viaggio" numeric(14, 2) DEFAULT '0' NOT NULL,
	"ricavi" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "statistiche_clienti_mesi_pk" PRIMARY KEY("azienda_id","mese","cliente_id")
);
--> statement-breakpoint
-- The customers tab reads a range of months index-only (every column it sums is in the index).
CREATE INDEX "statistiche_clienti_mesi_somme_idx" ON "statistiche_clienti_mesi" USING btree ("azienda_id","mese","cliente_id","aperti","ore","ore_viaggio","ricavi");
--> statement-breakpoint
ALTER TABLE "statistiche_clienti_mesi" ADD CONSTRAINT "statistiche_clienti_mesi_cliente_fk" FOREIGN KEY ("azienda_id","cliente_id") REFERENCES "public"."clienti"("azienda_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "statistiche_tecnici_giorni" (
	"azienda_id" uuid NOT NULL,
	"giorno" date NOT NULL,
	"utente_id" uuid NOT NULL,
	"ore" numeric(14, 2) DEFAULT '0' NOT NULL,
	"ore_viaggio" numeric(14, 2) DEFAULT '0' NOT NULL,
	"km" numeric(16, 1) DEFAULT '0' NOT NULL,
	"lavoro_minuti" integer DEFAULT 0 NOT NULL,
	"viaggio_minuti" integer DEFAULT 0 NOT NULL,
	"chiusi" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "statistiche_tecnici_giorni_pk" PRIMARY KEY("azienda_id","giorno","utente_id")
);
--> statement-breakpoint
ALTER TABLE "statistiche_tecnici_giorni" ADD CONSTRAINT "statistiche_tecnici_giorni_utente_fk" FOREIGN KEY ("azienda_id","utente_id") REFERENCES "public"."utenti"("azienda_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- What the rows of `righe` (with their sign `s`) of the table `tabella` bring to each kept table: one SELECT per
-- target giving its key columns then its sums, in the target's column order; NULL when the table brings nothing.
CREATE FUNCTION "statistiche_contributi"(tabella text, righe text, destinazione text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF destinazione = 'statistiche_clienti_mesi' THEN
    IF tabella = 'rapportini' THEN
      RETURN format($q$
        SELECT x.azienda_id, date_trunc('month', x.data_apertura::timestamp)::date AS mese, x.cliente_id,
               sum(x.s)::int AS aperti, 0::numeric AS ore, 0::numeric AS ore_viaggio, 0::numeric AS ricavi
          FROM (%1$s) x GROUP BY 1, 2, 3
        UNION ALL
        SELECT x.azienda_id, date_trunc('month', rapportino_chiuso_giorno(x.stato, x.data_chiusura, x.azienda_id)::timestamp)::date,
               x.cliente_id, 0, 0, 0, sum(x.s * coalesce(x.totale, 0))
          FROM (%1$s) x WHERE x.stato = 'CHIUSO' AND x.data_chiusura IS NOT NULL GROUP BY 1, 2, 3$q$, righe);
    ELSIF tabella = 'rapportini_giornate' THEN
      RETURN format($q$
        SELECT x.azienda_id, date_trunc('month', x.data::timestamp)::date AS mese, x.cliente_id, 0 AS aperti,
               sum(x.s * x.totale_ore) AS ore, sum(x.s * x.ore_viaggio) AS ore_viaggio, 0::numeric AS ricavi
          FROM (%1$s) x GROUP BY 1, 2, 3$q$, righe);
    END IF;
    RETURN NULL;
  END IF;
  IF tabella = 'rapportini_giornate' THEN
    RETURN format($q$
      SELECT x.azienda_id, x.data AS giorno, x.tecnico_id AS utente_id, sum(x.s * x.totale_ore) AS ore,
             sum(x.s * x.ore_viaggio) AS ore_viaggio, sum(x.s * x.km_viaggio) AS km, 0 AS lavoro_minuti,
             0 AS viaggio_minuti, 0 AS chiusi
        FROM (%1$s) x WHERE x.tecnico_id IS NOT NULL GROUP BY 1, 2, 3$q$, righe);
  ELSIF tabella = 'timbrature' THEN
    RETURN format($q$
      SELECT x.azienda_id, x.giorno, x.utente_id, 0::numeric AS ore, 0::numeric AS ore_viaggio, 0::numeric AS km,
             coalesce(sum(x.s * x.minuti_calcolati) FILTER (WHERE x.tipo = 'LAVORO'), 0)::int AS lavoro_minuti,
             coalesce(sum(x.s * x.minuti_calcolati) FILTER (WHERE x.tipo <> 'LAVORO'), 0)::int AS viaggio_minuti,
             0 AS chiusi
        FROM (%1$s) x GROUP BY 1, 2, 3$q$, righe);
  ELSIF tabella = 'rapportini_tecnici' THEN
    RETURN format($q$
      SELECT x.azienda_id, x.chiuso_giorno AS giorno, x.utente_id, 0::numeric AS ore, 0::numeric AS ore_viaggio,
             0::numeric AS km, 0 AS lavoro_minuti, 0 AS viaggio_minuti, sum(x.s)::int AS chiusi
        FROM (%1$s) x WHERE x.chiuso_giorno IS NOT NULL GROUP BY 1, 2, 3$q$, righe);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The statement applying `contributi` to the kept table `destinazione`: summed by key, keys whose sums are all zero
-- left out; a key bringing something positive is upserted, one only taking away updates the row if it is there (a
-- row deleted by a cascade, its user or customer gone, is not written again).
CREATE FUNCTION "statistiche_applica"(destinazione text, contributi text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  chiavi text[];
  somme text[];
BEGIN
  IF destinazione = 'statistiche_clienti_mesi' THEN
    chiavi := ARRAY['azienda_id', 'mese', 'cliente_id'];
    somme := ARRAY['aperti', 'ore', 'ore_viaggio', 'ricavi'];
  ELSE
    chiavi := ARRAY['azienda_id', 'giorno', 'utente_id'];
    somme := ARRAY['ore', 'ore_viaggio', 'km', 'lavoro_minuti', 'viaggio_minuti', 'chiusi'];
  END IF;
  RETURN format($q$
    WITH c (%1$s, %2$s) AS (%3$s),
    d AS (
      SELECT %1$s, %4$s, (%5$s) AS aggiunge FROM c GROUP BY %1$s HAVING %6$s
    ), tolte AS (
      UPDATE %7$I t SET %8$s FROM d WHERE NOT d.aggiunge AND %9$s RETURNING 1
    )
    INSERT INTO %7$I AS t (%1$s, %2$s) SELECT %1$s, %2$s FROM d WHERE d.aggiunge
      ON CONFLICT (%1$s) DO UPDATE SET %10$s$q$,
    array_to_string(chiavi, ', '),
    array_to_string(somme, ', '),
    contributi,
    (SELECT string_agg(format('sum(%1$I) AS %1$I', s), ', ') FROM unnest(somme) s),
    (SELECT string_agg(format('sum(%1$I) > 0', s), ' OR ') FROM unnest(somme) s),
    (SELECT string_agg(format('sum(%1$I) <> 0', s), ' OR ') FROM unnest(somme) s),
    destinazione,
    (SELECT string_agg(format('%1$I = t.%1$I + d.%1$I', s), ', ') FROM unnest(somme) s),
    (SELECT string_agg(format('t.%1$I = d.%1$I', k), ' AND ') FROM unnest(chiavi) k),
    (SELECT string_agg(format('%1$I = t.%1$I + excluded.%1$I', s), ', ') FROM unnest(somme) s));
END $$;
--> statement-breakpoint
CREATE FUNCTION "statistiche_dettaglio_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  righe text;
  destinazione text;
  contributi text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    righe := 'SELECT *, 1 AS s FROM nuove';
  ELSIF TG_OP = 'DELETE' THEN
    righe := 'SELECT *, -1 AS s FROM vecchie';
  ELSE
    righe := 'SELECT *, 1 AS s FROM nuove UNION ALL SELECT *, -1 AS s FROM vecchie';
  END IF;
  FOREACH destinazione IN ARRAY ARRAY['statistiche_clienti_mesi', 'statistiche_tecnici_giorni'] LOOP
    contributi := statistiche_contributi(TG_TABLE_NAME, righe, destinazione);
    IF contributi IS NOT NULL THEN
      EXECUTE statistiche_applica(destinazione, contributi);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rapportini_dettaglio_aggiunte" AFTER INSERT ON "rapportini" REFERENCING NEW TABLE AS "nuove"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistiche_dettaglio_trigger"();
--> statement-breakpoint
CREATE TRIGGER "rapportini_dettaglio_cambiate" AFTER UPDATE ON "rapportini" REFERENCING OLD TABLE AS "vecchie" NEW TABLE AS "nuove"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistiche_dettaglio_trigger"();
--> statement-breakpoint
CREATE TRIGGER "rapportini_dettaglio_tolte" AFTER DELETE ON "rapportini" REFERENCING OLD TABLE AS "vecchie"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistiche_dettaglio_trigger"();
--> statement-breakpoint
CREATE TRIGGER "rapportini_giornate_dettaglio_aggiunte" AFTER INSERT ON "rapportini_giornate" REFERENCING NEW TABLE AS "nuove"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistiche_dettaglio_trigger"();
--> statement-breakpoint
CREATE TRIGGER "rapportini_giornate_dettaglio_cambiate" AFTER UPDATE ON "rapportini_giornate" REFERENCING OLD TABLE AS "vecchie" NEW TABLE AS "nuove"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistiche_dettaglio_trigger"();
--> statement-breakpoint
CREATE TRIGGER "rapportini_giornate_dettaglio_tolte" AFTER DELETE ON "rapportini_giornate" REFERENCING OLD TABLE AS "vecchie"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistiche_dettaglio_trigger"();
--> statement-breakpoint
CREATE TRIGGER "timbrature_dettaglio_aggiunte" AFTER INSERT ON "timbrature" REFERENCING NEW TABLE AS "nuove"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistiche_dettaglio_trigger"();
--> statement-breakpoint
CREATE TRIGGER "timbrature_dettaglio_cambiate" AFTER UPDATE ON "timbrature" REFERENCING OLD TABLE AS "vecchie" NEW TABLE AS "nuove"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistiche_dettaglio_trigger"();
--> statement-breakpoint
CREATE TRIGGER "timbrature_dettaglio_tolte" AFTER DELETE ON "timbrature" REFERENCING OLD TABLE AS "vecchie"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistiche_dettaglio_trigger"();
--> statement-breakpoint
CREATE TRIGGER "rapportini_tecnici_dettaglio_aggiunte" AFTER INSERT ON "rapportini_tecnici" REFERENCING NEW TABLE AS "nuove"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistiche_dettaglio_trigger"();
--> statement-breakpoint
CREATE TRIGGER "rapportini_tecnici_dettaglio_cambiate" AFTER UPDATE ON "rapportini_tecnici" REFERENCING OLD TABLE AS "vecchie" NEW TABLE AS "nuove"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistiche_dettaglio_trigger"();
--> statement-breakpoint
CREATE TRIGGER "rapportini_tecnici_dettaglio_tolte" AFTER DELETE ON "rapportini_tecnici" REFERENCING OLD TABLE AS "vecchie"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistiche_dettaglio_trigger"();
--> statement-breakpoint
-- The rows already there (the tables locked first: nothing slips between the sums and the triggers).
LOCK TABLE "rapportini", "rapportini_giornate", "rapportini_tecnici", "timbrature" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
DO $$
DECLARE
  tabella text;
  destinazione text;
  contributi text;
BEGIN
  FOREACH tabella IN ARRAY ARRAY['rapportini', 'rapportini_giornate', 'timbrature', 'rapportini_tecnici'] LOOP
    FOREACH destinazione IN ARRAY ARRAY['statistiche_clienti_mesi', 'statistiche_tecnici_giorni'] LOOP
      contributi := statistiche_contributi(tabella, format('SELECT *, 1 AS s FROM %I', tabella), destinazione);
      IF contributi IS NOT NULL THEN
        EXECUTE statistiche_applica(destinazione, contributi);
      END IF;
    END LOOP;
  END LOOP;
END $$;
