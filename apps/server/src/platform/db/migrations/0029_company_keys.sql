-- Issue 23: tenancy held by the database (decision 0035). Every foreign key between two company tables
-- (both carrying azienda_id) becomes a composite key (azienda_id, <id>) -> (azienda_id, id), so no row of one
-- company can name a row of another, whatever a service forgets. Migrations 0019 and 0024 (and the older
-- tables of 0000-0009) had left 33 of them on the id alone; the ON DELETE rules stay as they were (SET NULL
-- names its column, PostgreSQL 15+, so the company id is never nulled).
--
-- First the data: a row that already links another company's row stops the migration here, naming the
-- table and column, before anything is changed (the migration runs in one transaction).
DO $$
DECLARE
  link record;
  found bigint;
  sample uuid;
BEGIN
  FOR link IN SELECT * FROM (VALUES
    ('access_otps', 'utente_id', 'utenti'),
    ('appuntamenti_tecnici', 'utente_id', 'utenti'),
    ('attivita_date', 'rapportino_id', 'rapportini'),
    ('calendar_feeds', 'utente_id', 'utenti'),
    ('campi_personalizzati', 'articolo_id', 'articoli'),
    ('clienti_recapiti', 'cliente_id', 'clienti'),
    ('controlli', 'mansione_id', 'mansioni'),
    ('impianti', 'cliente_id', 'clienti'),
    ('importazioni', 'utente_id', 'utenti'),
    ('importazioni_scarti', 'importazione_id', 'importazioni'),
    ('macchinari', 'impianto_id', 'impianti'),
    ('macchinari', 'parent_id', 'macchinari'),
    ('media', 'uploaded_by', 'utenti'),
    ('password_resets', 'utente_id', 'utenti'),
    ('posizioni_tecnici', 'utente_id', 'utenti'),
    ('preferenze_tabelle', 'utente_id', 'utenti'),
    ('promemoria_inviati', 'utente_id', 'utenti'),
    ('rapportini', 'cliente_fatturazione_id', 'clienti'),
    ('rapportini', 'contratto_id', 'contratti'),
    ('rapportini', 'created_by', 'utenti'),
    ('rapportini', 'impianto_id', 'impianti'),
    ('rapportini_controlli', 'controllo_id', 'controlli'),
    ('rapportini_giornate', 'tecnico_id', 'utenti'),
    ('rapportini_macchinari', 'macchinario_id', 'macchinari'),
    ('rapportini_materiali', 'articolo_id', 'articoli'),
    ('rapportini_tecnici', 'utente_id', 'utenti'),
    ('refresh_tokens', 'session_id', 'sessioni'),
    ('registrazioni_token', 'utente_id', 'utenti'),
    ('sessioni', 'utente_id', 'utenti'),
    ('utenti', 'gruppo_id', 'gruppi'),
    ('utenti_mansioni', 'mansione_id', 'mansioni'),
    ('utenti_mansioni', 'utente_id', 'utenti'),
    ('voucher_redemptions', 'payment_id', 'subscription_payments')
  ) AS l(tabella, colonna, riferita) LOOP
    EXECUTE format(
      'SELECT count(*), (array_agg(r.%2$I))[1] FROM %1$I r JOIN %3$I t ON t.id = r.%2$I WHERE t.azienda_id <> r.azienda_id',
      link.tabella, link.colonna, link.riferita)
      INTO found, sample;
    IF found > 0 THEN
      RAISE EXCEPTION 'migration 0029: %.% links % row(s) of "%" belonging to another company (e.g. %); fix the data first',
        link.tabella, link.colonna, found, link.riferita, sample;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- The targets that had no (azienda_id, id) key yet.
CREATE UNIQUE INDEX "articoli_azienda_id_uq" ON "articoli" ("azienda_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "gruppi_azienda_id_uq" ON "gruppi" ("azienda_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "importazioni_azienda_id_uq" ON "importazioni" ("azienda_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sessioni_azienda_id_uq" ON "sessioni" ("azienda_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_payments_azienda_id_uq" ON "subscription_payments" ("azienda_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "utenti_azienda_id_uq" ON "utenti" ("azienda_id", "id");
--> statement-breakpoint
ALTER TABLE "access_otps" DROP CONSTRAINT "access_otps_utente_id_utenti_id_fk";
--> statement-breakpoint
ALTER TABLE "access_otps" ADD CONSTRAINT "access_otps_utente_fk" FOREIGN KEY ("azienda_id", "utente_id")
  REFERENCES "utenti" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "appuntamenti_tecnici" DROP CONSTRAINT "appuntamenti_tecnici_utente_id_fkey";
--> statement-breakpoint
ALTER TABLE "appuntamenti_tecnici" ADD CONSTRAINT "appuntamenti_tecnici_utente_fk" FOREIGN KEY ("azienda_id", "utente_id")
  REFERENCES "utenti" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "attivita_date" DROP CONSTRAINT "attivita_date_rapportino_fk";
--> statement-breakpoint
ALTER TABLE "attivita_date" ADD CONSTRAINT "attivita_date_rapportino_fk" FOREIGN KEY ("azienda_id", "rapportino_id")
  REFERENCES "rapportini" ("azienda_id", "id") ON DELETE SET NULL ("rapportino_id");
--> statement-breakpoint
ALTER TABLE "calendar_feeds" DROP CONSTRAINT "calendar_feeds_utente_id_fkey";
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_utente_fk" FOREIGN KEY ("azienda_id", "utente_id")
  REFERENCES "utenti" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "campi_personalizzati" DROP CONSTRAINT "campi_personalizzati_articolo_id_fkey";
--> statement-breakpoint
ALTER TABLE "campi_personalizzati" ADD CONSTRAINT "campi_personalizzati_articolo_fk" FOREIGN KEY ("azienda_id", "articolo_id")
  REFERENCES "articoli" ("azienda_id", "id") ON DELETE SET NULL ("articolo_id");
--> statement-breakpoint
ALTER TABLE "clienti_recapiti" DROP CONSTRAINT "clienti_recapiti_cliente_id_fkey";
--> statement-breakpoint
ALTER TABLE "clienti_recapiti" ADD CONSTRAINT "clienti_recapiti_cliente_fk" FOREIGN KEY ("azienda_id", "cliente_id")
  REFERENCES "clienti" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "controlli" DROP CONSTRAINT "controlli_mansione_id_mansioni_id_fk";
--> statement-breakpoint
ALTER TABLE "controlli" ADD CONSTRAINT "controlli_mansione_fk" FOREIGN KEY ("azienda_id", "mansione_id")
  REFERENCES "mansioni" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "impianti" DROP CONSTRAINT "impianti_cliente_id_fkey";
--> statement-breakpoint
ALTER TABLE "impianti" ADD CONSTRAINT "impianti_cliente_fk" FOREIGN KEY ("azienda_id", "cliente_id")
  REFERENCES "clienti" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "importazioni" DROP CONSTRAINT "importazioni_utente_id_utenti_id_fk";
--> statement-breakpoint
ALTER TABLE "importazioni" ADD CONSTRAINT "importazioni_utente_fk" FOREIGN KEY ("azienda_id", "utente_id")
  REFERENCES "utenti" ("azienda_id", "id") ON DELETE SET NULL ("utente_id");
--> statement-breakpoint
ALTER TABLE "importazioni_scarti" DROP CONSTRAINT "importazioni_scarti_importazione_id_importazioni_id_fk";
--> statement-breakpoint
ALTER TABLE "importazioni_scarti" ADD CONSTRAINT "importazioni_scarti_importazione_fk" FOREIGN KEY ("azienda_id", "importazione_id")
  REFERENCES "importazioni" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "macchinari" DROP CONSTRAINT "macchinari_impianto_id_fkey";
--> statement-breakpoint
ALTER TABLE "macchinari" ADD CONSTRAINT "macchinari_impianto_fk" FOREIGN KEY ("azienda_id", "impianto_id")
  REFERENCES "impianti" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "macchinari" DROP CONSTRAINT "macchinari_parent_id_fkey";
--> statement-breakpoint
ALTER TABLE "macchinari" ADD CONSTRAINT "macchinari_parent_fk" FOREIGN KEY ("azienda_id", "parent_id")
  REFERENCES "macchinari" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "media" DROP CONSTRAINT "media_uploaded_by_fkey";
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_uploaded_by_fk" FOREIGN KEY ("azienda_id", "uploaded_by")
  REFERENCES "utenti" ("azienda_id", "id") ON DELETE SET NULL ("uploaded_by");
--> statement-breakpoint
ALTER TABLE "password_resets" DROP CONSTRAINT "password_resets_utente_id_utenti_id_fk";
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_utente_fk" FOREIGN KEY ("azienda_id", "utente_id")
  REFERENCES "utenti" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "posizioni_tecnici" DROP CONSTRAINT "posizioni_tecnici_utente_id_utenti_id_fk";
--> statement-breakpoint
ALTER TABLE "posizioni_tecnici" ADD CONSTRAINT "posizioni_tecnici_utente_fk" FOREIGN KEY ("azienda_id", "utente_id")
  REFERENCES "utenti" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "preferenze_tabelle" DROP CONSTRAINT "preferenze_tabelle_utente_id_fkey";
--> statement-breakpoint
ALTER TABLE "preferenze_tabelle" ADD CONSTRAINT "preferenze_tabelle_utente_fk" FOREIGN KEY ("azienda_id", "utente_id")
  REFERENCES "utenti" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "promemoria_inviati" DROP CONSTRAINT "promemoria_inviati_utente_id_fkey";
--> statement-breakpoint
ALTER TABLE "promemoria_inviati" ADD CONSTRAINT "promemoria_inviati_utente_fk" FOREIGN KEY ("azienda_id", "utente_id")
  REFERENCES "utenti" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "rapportini" DROP CONSTRAINT "rapportini_cliente_fatturazione_id_fkey";
--> statement-breakpoint
ALTER TABLE "rapportini" ADD CONSTRAINT "rapportini_cliente_fatturazione_fk" FOREIGN KEY ("azienda_id", "cliente_fatturazione_id")
  REFERENCES "clienti" ("azienda_id", "id") ON DELETE SET NULL ("cliente_fatturazione_id");
--> statement-breakpoint
ALTER TABLE "rapportini" DROP CONSTRAINT "rapportini_contratto_id_fkey";
--> statement-breakpoint
ALTER TABLE "rapportini" ADD CONSTRAINT "rapportini_contratto_fk" FOREIGN KEY ("azienda_id", "contratto_id")
  REFERENCES "contratti" ("azienda_id", "id") ON DELETE SET NULL ("contratto_id");
--> statement-breakpoint
ALTER TABLE "rapportini" DROP CONSTRAINT "rapportini_created_by_fkey";
--> statement-breakpoint
ALTER TABLE "rapportini" ADD CONSTRAINT "rapportini_created_by_fk" FOREIGN KEY ("azienda_id", "created_by")
  REFERENCES "utenti" ("azienda_id", "id") ON DELETE SET NULL ("created_by");
--> statement-breakpoint
ALTER TABLE "rapportini" DROP CONSTRAINT "rapportini_impianto_id_fkey";
--> statement-breakpoint
ALTER TABLE "rapportini" ADD CONSTRAINT "rapportini_impianto_fk" FOREIGN KEY ("azienda_id", "impianto_id")
  REFERENCES "impianti" ("azienda_id", "id") ON DELETE SET NULL ("impianto_id");
--> statement-breakpoint
ALTER TABLE "rapportini_controlli" DROP CONSTRAINT "rapportini_controlli_controllo_id_fkey";
--> statement-breakpoint
ALTER TABLE "rapportini_controlli" ADD CONSTRAINT "rapportini_controlli_controllo_fk" FOREIGN KEY ("azienda_id", "controllo_id")
  REFERENCES "controlli" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "rapportini_giornate" DROP CONSTRAINT "rapportini_giornate_tecnico_id_fkey";
--> statement-breakpoint
ALTER TABLE "rapportini_giornate" ADD CONSTRAINT "rapportini_giornate_tecnico_fk" FOREIGN KEY ("azienda_id", "tecnico_id")
  REFERENCES "utenti" ("azienda_id", "id") ON DELETE SET NULL ("tecnico_id");
--> statement-breakpoint
ALTER TABLE "rapportini_macchinari" DROP CONSTRAINT "rapportini_macchinari_macchinario_id_fkey";
--> statement-breakpoint
ALTER TABLE "rapportini_macchinari" ADD CONSTRAINT "rapportini_macchinari_macchinario_fk" FOREIGN KEY ("azienda_id", "macchinario_id")
  REFERENCES "macchinari" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "rapportini_materiali" DROP CONSTRAINT "rapportini_materiali_articolo_id_fkey";
--> statement-breakpoint
ALTER TABLE "rapportini_materiali" ADD CONSTRAINT "rapportini_materiali_articolo_fk" FOREIGN KEY ("azienda_id", "articolo_id")
  REFERENCES "articoli" ("azienda_id", "id") ON DELETE SET NULL ("articolo_id");
--> statement-breakpoint
ALTER TABLE "rapportini_tecnici" DROP CONSTRAINT "rapportini_tecnici_utente_id_fkey";
--> statement-breakpoint
ALTER TABLE "rapportini_tecnici" ADD CONSTRAINT "rapportini_tecnici_utente_fk" FOREIGN KEY ("azienda_id", "utente_id")
  REFERENCES "utenti" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_session_id_sessioni_id_fk";
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_fk" FOREIGN KEY ("azienda_id", "session_id")
  REFERENCES "sessioni" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "registrazioni_token" DROP CONSTRAINT "registrazioni_token_utente_id_fkey";
--> statement-breakpoint
ALTER TABLE "registrazioni_token" ADD CONSTRAINT "registrazioni_token_utente_fk" FOREIGN KEY ("azienda_id", "utente_id")
  REFERENCES "utenti" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "sessioni" DROP CONSTRAINT "sessioni_utente_id_utenti_id_fk";
--> statement-breakpoint
ALTER TABLE "sessioni" ADD CONSTRAINT "sessioni_utente_fk" FOREIGN KEY ("azienda_id", "utente_id")
  REFERENCES "utenti" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "utenti" DROP CONSTRAINT "utenti_gruppo_id_gruppi_id_fk";
--> statement-breakpoint
ALTER TABLE "utenti" ADD CONSTRAINT "utenti_gruppo_fk" FOREIGN KEY ("azienda_id", "gruppo_id")
  REFERENCES "gruppi" ("azienda_id", "id") ON DELETE SET NULL ("gruppo_id");
--> statement-breakpoint
ALTER TABLE "utenti_mansioni" DROP CONSTRAINT "utenti_mansioni_mansione_id_mansioni_id_fk";
--> statement-breakpoint
ALTER TABLE "utenti_mansioni" ADD CONSTRAINT "utenti_mansioni_mansione_fk" FOREIGN KEY ("azienda_id", "mansione_id")
  REFERENCES "mansioni" ("azienda_id", "id") ON DELETE NO ACTION;
--> statement-breakpoint
ALTER TABLE "utenti_mansioni" DROP CONSTRAINT "utenti_mansioni_utente_id_utenti_id_fk";
--> statement-breakpoint
ALTER TABLE "utenti_mansioni" ADD CONSTRAINT "utenti_mansioni_utente_fk" FOREIGN KEY ("azienda_id", "utente_id")
  REFERENCES "utenti" ("azienda_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "voucher_redemptions" DROP CONSTRAINT "voucher_redemptions_payment_id_fkey";
--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_payment_fk" FOREIGN KEY ("azienda_id", "payment_id")
  REFERENCES "subscription_payments" ("azienda_id", "id") ON DELETE CASCADE;
