-- Issue 25 (docs/decisions/0042-report-list-at-scale.md): the total of a whole list without counting it.
-- The customers' list and the work reports' list answer their exact total (`totaleElementi`) on every first page;
-- with no search or filter that total is count(*) of the company's rows, read afresh each time (an index-only scan
-- of 100,000 entries: 5-8 ms of CPU, the floor of the page and what made it slow under 16 connections). Each
-- company's count of those two tables is kept here instead, by statement triggers in the transaction that inserts
-- or deletes the rows: one row per company and table, exact as count(*) is (what a transaction has not committed,
-- nobody else sees in either). A multi-row statement (a seed, an import batch, a cascade) adds its rows once.
CREATE TABLE "conteggi_righe" (
	"azienda_id" uuid NOT NULL,
	"tabella" text NOT NULL,
	"righe" bigint NOT NULL,
	CONSTRAINT "conteggi_righe_pk" PRIMARY KEY("azienda_id","tabella")
);
--> statement-breakpoint
ALTER TABLE "conteggi_righe" ADD CONSTRAINT "conteggi_righe_azienda_id_aziende_id_fk" FOREIGN KEY ("azienda_id") REFERENCES "public"."aziende"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION "conteggi_righe_aggiunte"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "conteggi_righe" ("azienda_id", "tabella", "righe")
    SELECT "azienda_id", TG_TABLE_NAME, count(*) FROM "nuove" GROUP BY "azienda_id"
  ON CONFLICT ("azienda_id", "tabella") DO UPDATE SET "righe" = "conteggi_righe"."righe" + excluded."righe";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "conteggi_righe_tolte"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "conteggi_righe" c SET "righe" = c."righe" - d.n
    FROM (SELECT "azienda_id", count(*) AS n FROM "vecchie" GROUP BY "azienda_id") d
   WHERE c."azienda_id" = d."azienda_id" AND c."tabella" = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "clienti_conteggio_aggiunte" AFTER INSERT ON "clienti" REFERENCING NEW TABLE AS "nuove"
  FOR EACH STATEMENT EXECUTE FUNCTION "conteggi_righe_aggiunte"();
--> statement-breakpoint
CREATE TRIGGER "clienti_conteggio_tolte" AFTER DELETE ON "clienti" REFERENCING OLD TABLE AS "vecchie"
  FOR EACH STATEMENT EXECUTE FUNCTION "conteggi_righe_tolte"();
--> statement-breakpoint
CREATE TRIGGER "rapportini_conteggio_aggiunte" AFTER INSERT ON "rapportini" REFERENCING NEW TABLE AS "nuove"
  FOR EACH STATEMENT EXECUTE FUNCTION "conteggi_righe_aggiunte"();
--> statement-breakpoint
CREATE TRIGGER "rapportini_conteggio_tolte" AFTER DELETE ON "rapportini" REFERENCING OLD TABLE AS "vecchie"
  FOR EACH STATEMENT EXECUTE FUNCTION "conteggi_righe_tolte"();
--> statement-breakpoint
-- The rows already there. The tables are locked first, so no insert or delete slips between the count and the
-- triggers (the migrator runs in one transaction; a server that is up waits for it).
LOCK TABLE "clienti", "rapportini" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "conteggi_righe" ("azienda_id", "tabella", "righe")
  SELECT "azienda_id", 'clienti', count(*) FROM "clienti" GROUP BY "azienda_id"
  UNION ALL
  SELECT "azienda_id", 'rapportini', count(*) FROM "rapportini" GROUP BY "azienda_id";
