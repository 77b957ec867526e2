import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  unique,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PriceHandling, ContractPrices, ActivityRules, ContractRules } from '@fs/contract';
import { aziende, utenti } from './schema.js';
import { controlli, mansioni } from './schema-articles.js';
import { clienti, impianti, macchinari } from './schema-customers.js';

/**
 * The core of contracts, contract activities and work reports (spec operations section 3),
 * ahead of their features: the delete rules of plants, machines, job roles and checks
 * (0027, 0028, 0033-0035) read these links. The contracts and interventions issues add the
 * remaining columns (prices, rules, worked days, materials, ...). SQL in
 * migrations/0011_usage_links.sql, with the CHECKs (kept in SQL only, as 0005).
 *
 * Company scoping is in the keys: every link is a foreign key on (azienda_id, <id>) to
 * (azienda_id, id) of both ends, so a row can only join rows of one company. Links to
 * plants, machines, job roles and checks are ON DELETE RESTRICT (the database refuses to
 * delete a row in use, behind the 403 of the services); links to the owning contract,
 * activity or report cascade. The customer of a contract or report is RESTRICT too.
 */

export const contratti = pgTable(
  'contratti',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    clienteId: uuid('cliente_id').notNull(),
    identificativo: text('identificativo').notNull(),
    descrizione: text('descrizione'),
    /** 'manutenzione' (maintenance) or 'chiamata' (on call); CHECK in SQL; fixed after creation. */
    tipo: text('tipo').$type<'manutenzione' | 'chiamata'>().notNull(),
    dataInizio: date('data_inizio'),
    dataFine: date('data_fine'),
    /** Hours bought on an on-call contract; the remaining hours are these less the closed reports' hours. */
    oreContratto: numeric('ore_contratto', { precision: 10, scale: 2 }),
    cessato: boolean('cessato').notNull().default(false),
    dataRinnovo: date('data_rinnovo'),
    rinnovoAutomatico: boolean('rinnovo_automatico').notNull().default(false),
    giorniPreavvisoRinnovo: integer('giorni_preavviso_rinnovo'),
    mailAvvisoScadenzaSent: boolean('mail_avviso_scadenza_sent').notNull().default(false),
    /** abilitaPrezziContratto: reports on the contract take its prices (migration 0020). */
    abilitaPrezziContratto: boolean('abilita_prezzi_contratto').notNull().default(false),
    prezzi: jsonb('prezzi').$type<ContractPrices>(),
    /** Months an automatic renewal extends the contract by (migration 0024). */
    mesiRinnovo: integer('mesi_rinnovo'),
    /** The expiry notice goes to the customer too (besides the company). */
    avvisoCliente: boolean('avviso_cliente').notNull().default(false),
    /** Extra address for the notice (else the company's mail). */
    emailAvviso: text('email_avviso'),
    /** Ended early: from when, and why. */
    dataCessazione: date('data_cessazione'),
    motivoCessazione: text('motivo_cessazione'),
    regole: jsonb('regole').$type<ContractRules>(),
    /** The end date whose contract.ended the renewal job wrote (once per end date; migration 0040). */
    fineAnnunciata: date('fine_annunciata'),
    /** How many times the renewal job extended it. */
    rinnovi: integer('rinnovi').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contratti_azienda_id_uq').on(t.aziendaId, t.id),
    index('contratti_cliente_idx').on(t.aziendaId, t.clienteId),
    index('contratti_fine_idx').on(t.aziendaId, t.dataFine),
    index('contratti_rinnovo_job_idx')
      .on(t.dataFine)
      .where(sql`NOT ${t.cessato}`),
    // The renewal job's contracts past their end not yet announced ended (migration 0040).
    index('contratti_fine_job_idx')
      .on(t.dataFine)
      .where(sql`NOT ${t.cessato} AND ${t.fineAnnunciata} IS DISTINCT FROM ${t.dataFine}`),
    uniqueIndex('contratti_identificativo_uq').on(t.aziendaId, sql`lower(${t.identificativo})`),
    foreignKey({
      name: 'contratti_cliente_fk',
      columns: [t.aziendaId, t.clienteId],
      foreignColumns: [clienti.aziendaId, clienti.id],
    }).onDelete('restrict'),
  ],
);

export const contrattiImpianti = pgTable(
  'contratti_impianti',
  {
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    contrattoId: uuid('contratto_id').notNull(),
    impiantoId: uuid('impianto_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contrattoId, t.impiantoId] }),
    index('contratti_impianti_impianto_idx').on(t.aziendaId, t.impiantoId),
    foreignKey({
      name: 'contratti_impianti_contratto_fk',
      columns: [t.aziendaId, t.contrattoId],
      foreignColumns: [contratti.aziendaId, contratti.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'contratti_impianti_impianto_fk',
      columns: [t.aziendaId, t.impiantoId],
      foreignColumns: [impianti.aziendaId, impianti.id],
    }).onDelete('restrict'),
  ],
);

export const contrattiMacchinari = pgTable(
  'contratti_macchinari',
  {
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    contrattoId: uuid('contratto_id').notNull(),
    macchinarioId: uuid('macchinario_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contrattoId, t.macchinarioId] }),
    index('contratti_macchinari_macchinario_idx').on(t.aziendaId, t.macchinarioId),
    foreignKey({
      name: 'contratti_macchinari_contratto_fk',
      columns: [t.aziendaId, t.contrattoId],
      foreignColumns: [contratti.aziendaId, contratti.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'contratti_macchinari_macchinario_fk',
      columns: [t.aziendaId, t.macchinarioId],
      foreignColumns: [macchinari.aziendaId, macchinari.id],
    }).onDelete('restrict'),
  ],
);

export const contrattiMansioni = pgTable(
  'contratti_mansioni',
  {
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    contrattoId: uuid('contratto_id').notNull(),
    mansioneId: uuid('mansione_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contrattoId, t.mansioneId] }),
    index('contratti_mansioni_mansione_idx').on(t.aziendaId, t.mansioneId),
    foreignKey({
      name: 'contratti_mansioni_contratto_fk',
      columns: [t.aziendaId, t.contrattoId],
      foreignColumns: [contratti.aziendaId, contratti.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'contratti_mansioni_mansione_fk',
      columns: [t.aziendaId, t.mansioneId],
      foreignColumns: [mansioni.aziendaId, mansioni.id],
    }).onDelete('restrict'),
  ],
);

/** A contract activity: what is done, and how often ('fissa', 'variabile', 'data_singola'; CHECK in SQL). */
export const contrattiAttivita = pgTable(
  'contratti_attivita',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    contrattoId: uuid('contratto_id').notNull(),
    descrizione: text('descrizione').notNull(),
    frequenza: text('frequenza').$type<'fissa' | 'variabile' | 'data_singola'>().notNull(),
    /** Job role of the activity (its checks come from it); migration 0024. */
    mansioneId: uuid('mansione_id'),
    impiantoId: uuid('impianto_id'),
    /** fissa: every `ogni` `unita` from `dataInizio`. */
    ogni: integer('ogni'),
    unita: text('unita').$type<'giorni' | 'settimane' | 'mesi' | 'anni'>(),
    dataInizio: date('data_inizio'),
    /** variabile: the dates; data_singola: one date. */
    date: date('date').array(),
    regole: jsonb('regole').$type<ActivityRules>(),
    durataMinuti: integer('durata_minuti').notNull().default(60),
    note: text('note'),
    posizione: integer('posizione').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contratti_attivita_azienda_id_uq').on(t.aziendaId, t.id),
    index('contratti_attivita_contratto_idx').on(t.aziendaId, t.contrattoId),
    index('contratti_attivita_mansione_idx')
      .on(t.aziendaId, t.mansioneId)
      .where(sql`${t.mansioneId} IS NOT NULL`),
    index('contratti_attivita_impianto_idx')
      .on(t.aziendaId, t.impiantoId)
      .where(sql`${t.impiantoId} IS NOT NULL`),
    foreignKey({
      name: 'contratti_attivita_contratto_fk',
      columns: [t.aziendaId, t.contrattoId],
      foreignColumns: [contratti.aziendaId, contratti.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'contratti_attivita_mansione_fk',
      columns: [t.aziendaId, t.mansioneId],
      foreignColumns: [mansioni.aziendaId, mansioni.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'contratti_attivita_impianto_fk',
      columns: [t.aziendaId, t.impiantoId],
      foreignColumns: [impianti.aziendaId, impianti.id],
    }).onDelete('restrict'),
  ],
);

/**
 * One dated occurrence of an activity (the spec's contratto_date): due on `data`, moved by the
 * planner to `dataPianificata`, the report made from it, done when that report closed (`fattaAt`).
 * Generated inside the contract period; a renewal adds the next period's (migration 0024).
 */
export const attivitaDate = pgTable(
  'attivita_date',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    attivitaId: uuid('attivita_id').notNull(),
    contrattoId: uuid('contratto_id').notNull(),
    data: date('data').notNull(),
    dataPianificata: date('data_pianificata'),
    rapportinoId: uuid('rapportino_id'),
    fattaAt: timestamp('fatta_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attivita_date_azienda_id_uq').on(t.aziendaId, t.id),
    index('attivita_date_contratto_idx').on(t.aziendaId, t.contrattoId, t.data),
    unique('attivita_date_uq').on(t.attivitaId, t.data),
    index('attivita_date_range_idx').on(t.aziendaId, sql`coalesce(${t.dataPianificata}, ${t.data})`),
    index('attivita_date_rapportino_idx')
      .on(t.rapportinoId)
      .where(sql`${t.rapportinoId} IS NOT NULL`),
    // Statistics (migration 0036): the activity dates due in a range, index-only.
    index('attivita_date_stats_idx').on(t.aziendaId, t.data, t.contrattoId, t.fattaAt),
    index('attivita_date_scadute_idx')
      .on(t.aziendaId, t.data)
      .where(sql`${t.fattaAt} IS NULL`),
    foreignKey({
      name: 'attivita_date_attivita_fk',
      columns: [t.aziendaId, t.attivitaId],
      foreignColumns: [contrattiAttivita.aziendaId, contrattiAttivita.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'attivita_date_contratto_fk',
      columns: [t.aziendaId, t.contrattoId],
      foreignColumns: [contratti.aziendaId, contratti.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'attivita_date_rapportino_fk',
      columns: [t.aziendaId, t.rapportinoId],
      foreignColumns: [rapportini.aziendaId, rapportini.id],
    }).onDelete('set null'),
  ],
);

/** Expiry notices queued or sent: one per contract and end date (the renewal job's idempotence key). */
export const contrattiAvvisi = pgTable(
  'contratti_avvisi',
  {
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    contrattoId: uuid('contratto_id').notNull(),
    dataFine: date('data_fine').notNull(),
    destinatari: text('destinatari').notNull(),
    stato: text('stato').$type<'in_coda' | 'inviata' | 'errore'>().notNull().default('in_coda'),
    errore: text('errore'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'contratti_avvisi_pk', columns: [t.contrattoId, t.dataFine] }),
    foreignKey({
      name: 'contratti_avvisi_contratto_fk',
      columns: [t.aziendaId, t.contrattoId],
      foreignColumns: [contratti.aziendaId, contratti.id],
    }).onDelete('cascade'),
  ],
);

export const attivitaMacchinari = pgTable(
  'attivita_macchinari',
  {
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    attivitaId: uuid('attivita_id').notNull(),
    macchinarioId: uuid('macchinario_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.attivitaId, t.macchinarioId] }),
    index('attivita_macchinari_macchinario_idx').on(t.aziendaId, t.macchinarioId),
    foreignKey({
      name: 'attivita_macchinari_attivita_fk',
      columns: [t.aziendaId, t.attivitaId],
      foreignColumns: [contrattiAttivita.aziendaId, contrattiAttivita.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'attivita_macchinari_macchinario_fk',
      columns: [t.aziendaId, t.macchinarioId],
      foreignColumns: [macchinari.aziendaId, macchinari.id],
    }).onDelete('restrict'),
  ],
);

export const attivitaControlli = pgTable(
  'attivita_controlli',
  {
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    attivitaId: uuid('attivita_id').notNull(),
    controlloId: uuid('controllo_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.attivitaId, t.controlloId] }),
    index('attivita_controlli_controllo_idx').on(t.aziendaId, t.controlloId),
    foreignKey({
      name: 'attivita_controlli_attivita_fk',
      columns: [t.aziendaId, t.attivitaId],
      foreignColumns: [contrattiAttivita.aziendaId, contrattiAttivita.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'attivita_controlli_controllo_fk',
      columns: [t.aziendaId, t.controlloId],
      foreignColumns: [controlli.aziendaId, controlli.id],
    }).onDelete('restrict'),
  ],
);

/**
 * A work report (rapportino): state NUOVO, APERTO or CHIUSO (CHECK in SQL). Migration 0011 made
 * the core, 0019 (issue 11) the rest; its lines are in schema-reports.ts.
 */
export const rapportini = pgTable(
  'rapportini',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    clienteId: uuid('cliente_id').notNull(),
    numeroAssistenza: text('numero_assistenza'),
    stato: text('stato').$type<'NUOVO' | 'APERTO' | 'CHIUSO'>().notNull().default('NUOVO'),
    dataApertura: date('data_apertura', { mode: 'string' })
      .notNull()
      .default(sql`CURRENT_DATE`),
    dataChiusura: timestamp('data_chiusura', { withTimezone: true }),
    motivazione: text('motivazione'),
    tipoIntervento: text('tipo_intervento'),
    contrattoId: uuid('contratto_id'),
    contrassegnato: boolean('contrassegnato').notNull().default(false),
    inRemoto: boolean('in_remoto').notNull().default(false),
    pianificatoRemoto: boolean('pianificato_remoto').notNull().default(false),
    clienteFatturazioneId: uuid('cliente_fatturazione_id'),
    impiantoId: uuid('impianto_id'),
    completato: boolean('completato').notNull().default(false),
    completatoAt: timestamp('completato_at', { withTimezone: true }),
    inviato: boolean('inviato').notNull().default(false),
    richiestaIniziale: text('richiesta_iniziale'),
    note: text('note'),
    gestionePrezzi: jsonb('gestione_prezzi').$type<PriceHandling | null>(),
    totaleOre: numeric('totale_ore', { precision: 8, scale: 2 }).notNull().default('0'),
    /** The computed total without VAT, kept for the list (recomputed on every save). */
    totale: numeric('totale', { precision: 14, scale: 2 }),
    /** The customer's signature (migration 0022): a media row of section 'rapportino', all or nothing. */
    firmaMediaId: uuid('firma_media_id'),
    firmaFirmatario: text('firma_firmatario'),
    firmaAt: timestamp('firma_at', { withTimezone: true }),
    firmaRemoto: boolean('firma_remoto').notNull().default(false),
    firmaIp: text('firma_ip'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rapportini_azienda_id_uq').on(t.aziendaId, t.id),
    // The report's customer is copied onto its days through this key (migration 0041: updates cascade).
    uniqueIndex('rapportini_cliente_uk').on(t.aziendaId, t.id, t.clienteId),
    index('rapportini_cliente_idx').on(t.aziendaId, t.clienteId),
    uniqueIndex('rapportini_numero_uq').on(t.aziendaId, t.numeroAssistenza),
    index('rapportini_apertura_idx').on(t.aziendaId, t.dataApertura, t.id),
    index('rapportini_stato_apertura_idx').on(t.aziendaId, t.stato, t.dataApertura, t.id),
    index('rapportini_contratto_idx')
      .on(t.aziendaId, t.contrattoId)
      .where(sql`${t.contrattoId} IS NOT NULL`),
    // Statistics (migration 0036, decision 0046): covering indexes, the tabs' sums are index-only scans.
    index('rapportini_stats_apertura_idx').on(
      t.aziendaId,
      t.dataApertura,
      t.stato,
      t.clienteId,
      t.contrattoId,
      t.tipoIntervento,
    ),
    index('rapportini_stats_chiusura_idx')
      .on(t.aziendaId, t.dataChiusura, t.clienteId, t.contrattoId, t.totale, t.dataApertura)
      .where(sql`${t.stato} = 'CHIUSO'`),
    index('rapportini_stats_chiusura_contratto_idx')
      .on(t.aziendaId, t.dataChiusura, t.totale)
      .where(sql`${t.stato} = 'CHIUSO' AND ${t.contrattoId} IS NOT NULL`),
    index('rapportini_stats_contratto_idx')
      .on(t.aziendaId, t.contrattoId, t.dataChiusura, t.totaleOre)
      .where(sql`${t.stato} = 'CHIUSO' AND ${t.contrattoId} IS NOT NULL`),
    foreignKey({
      name: 'rapportini_cliente_fk',
      columns: [t.aziendaId, t.clienteId],
      foreignColumns: [clienti.aziendaId, clienti.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'rapportini_contratto_fk',
      columns: [t.aziendaId, t.contrattoId],
      foreignColumns: [contratti.aziendaId, contratti.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'rapportini_cliente_fatturazione_fk',
      columns: [t.aziendaId, t.clienteFatturazioneId],
      foreignColumns: [clienti.aziendaId, clienti.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'rapportini_impianto_fk',
      columns: [t.aziendaId, t.impiantoId],
      foreignColumns: [impianti.aziendaId, impianti.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'rapportini_created_by_fk',
      columns: [t.aziendaId, t.createdBy],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('set null'),
  ],
);

export const rapportiniMansioni = pgTable(
  'rapportini_mansioni',
  {
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    rapportinoId: uuid('rapportino_id').notNull(),
    mansioneId: uuid('mansione_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.rapportinoId, t.mansioneId] }),
    index('rapportini_mansioni_mansione_idx').on(t.aziendaId, t.mansioneId),
    foreignKey({
      name: 'rapportini_mansioni_rapportino_fk',
      columns: [t.aziendaId, t.rapportinoId],
      foreignColumns: [rapportini.aziendaId, rapportini.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'rapportini_mansioni_mansione_fk',
      columns: [t.aziendaId, t.mansioneId],
      foreignColumns: [mansioni.aziendaId, mansioni.id],
    }).onDelete('restrict'),
  ],
);
