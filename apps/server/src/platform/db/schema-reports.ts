import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { aziende, utenti } from './schema.js';
import { articoli, controlli } from './schema-articles.js';
import { rapportini } from './schema-contracts.js';
import { clienti, macchinari } from './schema-customers.js';

/**
 * The lines of a work report, the custom field configuration, the numbering and the outbox
 * (issue 11). SQL, with the composite company-scoped foreign keys and CHECKs, in
 * migrations/0019_work_reports.sql; the lines cascade with their report.
 */

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const azienda = () =>
  uuid('azienda_id')
    .notNull()
    .references(() => aziende.id, { onDelete: 'cascade' });

export const rapportiniTecnici = pgTable(
  'rapportini_tecnici',
  {
    aziendaId: azienda(),
    rapportinoId: uuid('rapportino_id').notNull(),
    utenteId: uuid('utente_id').notNull(),
    /** The report's open date, copied so the technician filter walks one index in date order. */
    dataApertura: date('data_apertura', { mode: 'string' }).notNull(),
    /** The report's closing day in the company's time zone, null while not closed: kept by triggers (migration 0041). */
    chiusoGiorno: date('chiuso_giorno', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ name: 'rapportini_tecnici_pk', columns: [t.rapportinoId, t.utenteId] }),
    // The technician filter of the list walks this index in date order.
    index('rapportini_tecnici_utente_idx').on(t.aziendaId, t.utenteId, t.dataApertura, t.rapportinoId),
    foreignKey({
      name: 'rapportini_tecnici_rapportino_fk',
      columns: [t.aziendaId, t.rapportinoId],
      foreignColumns: [rapportini.aziendaId, rapportini.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'rapportini_tecnici_utente_fk',
      columns: [t.aziendaId, t.utenteId],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('cascade'),
  ],
);

export const rapportiniMacchinari = pgTable(
  'rapportini_macchinari',
  {
    aziendaId: azienda(),
    rapportinoId: uuid('rapportino_id').notNull(),
    macchinarioId: uuid('macchinario_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'rapportini_macchinari_pk', columns: [t.rapportinoId, t.macchinarioId] }),
    foreignKey({
      name: 'rapportini_macchinari_rapportino_fk',
      columns: [t.aziendaId, t.rapportinoId],
      foreignColumns: [rapportini.aziendaId, rapportini.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'rapportini_macchinari_macchinario_fk',
      columns: [t.aziendaId, t.macchinarioId],
      foreignColumns: [macchinari.aziendaId, macchinari.id],
    }).onDelete('cascade'),
  ],
);

export const rapportiniGiornate = pgTable(
  'rapportini_giornate',
  {
    id: id(),
    aziendaId: azienda(),
    rapportinoId: uuid('rapportino_id').notNull(),
    /** The report's customer, copied (migration 0041): the statistics sum days by customer without the report. */
    clienteId: uuid('cliente_id').notNull(),
    ordine: integer('ordine').notNull(),
    data: date('data', { mode: 'string' }).notNull(),
    tecnicoId: uuid('tecnico_id'),
    tecnicoNome: text('tecnico_nome').notNull(),
    totaleOre: numeric('totale_ore', { precision: 6, scale: 2 }).notNull().default('0'),
    oreMattina: numeric('ore_mattina', { precision: 6, scale: 2 }),
    orePomeriggio: numeric('ore_pomeriggio', { precision: 6, scale: 2 }),
    inizioMattina: text('inizio_mattina'),
    fineMattina: text('fine_mattina'),
    inizioPomeriggio: text('inizio_pomeriggio'),
    finePomeriggio: text('fine_pomeriggio'),
    pranzo: text('pranzo').$type<'S' | 'N'>().notNull().default('N'),
    cena: text('cena').$type<'S' | 'N'>().notNull().default('N'),
    pernottamento: text('pernottamento').$type<'S' | 'N'>().notNull().default('N'),
    kmViaggio: numeric('km_viaggio', { precision: 8, scale: 1 }).notNull().default('0'),
    oreViaggio: numeric('ore_viaggio', { precision: 6, scale: 2 }).notNull().default('0'),
    ritorno: boolean('ritorno').notNull().default(false),
    prezzoImpostato: numeric('prezzo_impostato', { precision: 12, scale: 2 }),
  },
  (t) => [
    index('rapportini_giornate_rapportino_idx').on(t.rapportinoId, t.ordine),
    // Statistics (migration 0036, decision 0046): the days of a range summed index-only.
    index('rapportini_giornate_stats_idx').on(
      t.aziendaId,
      t.data,
      t.rapportinoId,
      t.tecnicoId,
      t.clienteId,
      t.totaleOre,
      t.oreViaggio,
      t.kmViaggio,
    ),
    foreignKey({
      name: 'rapportini_giornate_rapportino_fk',
      columns: [t.aziendaId, t.rapportinoId],
      foreignColumns: [rapportini.aziendaId, rapportini.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'rapportini_giornate_cliente_fk',
      columns: [t.aziendaId, t.rapportinoId, t.clienteId],
      foreignColumns: [rapportini.aziendaId, rapportini.id, rapportini.clienteId],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({
      name: 'rapportini_giornate_tecnico_fk',
      columns: [t.aziendaId, t.tecnicoId],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('set null'),
  ],
);

export const rapportiniMateriali = pgTable(
  'rapportini_materiali',
  {
    id: id(),
    aziendaId: azienda(),
    rapportinoId: uuid('rapportino_id').notNull(),
    ordine: integer('ordine').notNull(),
    articoloId: uuid('articolo_id'),
    codice: text('codice'),
    descrizione: text('descrizione').notNull(),
    quantita: numeric('quantita', { precision: 12, scale: 3 }).notNull(),
    unita: text('unita'),
    importoUnitario: numeric('importo_unitario', { precision: 12, scale: 2 }),
    costoAcquisto: numeric('costo_acquisto', { precision: 12, scale: 2 }),
    prezzoNetto: numeric('prezzo_netto', { precision: 12, scale: 2 }),
  },
  (t) => [
    index('rapportini_materiali_rapportino_idx').on(t.rapportinoId, t.ordine),
    foreignKey({
      name: 'rapportini_materiali_rapportino_fk',
      columns: [t.aziendaId, t.rapportinoId],
      foreignColumns: [rapportini.aziendaId, rapportini.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'rapportini_materiali_articolo_fk',
      columns: [t.aziendaId, t.articoloId],
      foreignColumns: [articoli.aziendaId, articoli.id],
    }).onDelete('set null'),
  ],
);

export const rapportiniControlli = pgTable(
  'rapportini_controlli',
  {
    aziendaId: azienda(),
    rapportinoId: uuid('rapportino_id').notNull(),
    controlloId: uuid('controllo_id').notNull(),
    descrizione: text('descrizione').notNull(),
    ordine: integer('ordine').notNull(),
    esito: text('esito').$type<'ok' | 'ko' | 'na'>(),
    note: text('note'),
  },
  (t) => [
    primaryKey({ name: 'rapportini_controlli_pk', columns: [t.rapportinoId, t.controlloId] }),
    foreignKey({
      name: 'rapportini_controlli_rapportino_fk',
      columns: [t.aziendaId, t.rapportinoId],
      foreignColumns: [rapportini.aziendaId, rapportini.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'rapportini_controlli_controllo_fk',
      columns: [t.aziendaId, t.controlloId],
      foreignColumns: [controlli.aziendaId, controlli.id],
    }).onDelete('cascade'),
  ],
);

export const campiPersonalizzati = pgTable(
  'campi_personalizzati',
  {
    id: id(),
    aziendaId: azienda(),
    nome: text('nome').notNull(),
    tipo: text('tipo').notNull(),
    valore: text('valore'),
    obbligatorio: boolean('obbligatorio').notNull().default(false),
    abilitazione: boolean('abilitazione').notNull().default(true),
    valoreRichiesto: text('valore_richiesto'),
    posizione: text('posizione').notNull(),
    ordine: integer('ordine').notNull(),
    visibileApp: boolean('visibile_app').notNull().default(true),
    visibileWeb: boolean('visibile_web').notNull().default(true),
    visibileStampa: boolean('visibile_stampa').notNull().default(true),
    articoloId: uuid('articolo_id'),
    scelte: jsonb('scelte').$type<string[]>().notNull().default([]),
    eliminatoAt: timestamp('eliminato_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Target of the report values' company-scoped key.
    uniqueIndex('campi_personalizzati_azienda_id_uq').on(t.aziendaId, t.id),
    foreignKey({
      name: 'campi_personalizzati_articolo_fk',
      columns: [t.aziendaId, t.articoloId],
      foreignColumns: [articoli.aziendaId, articoli.id],
    }).onDelete('set null'),
  ],
);

export const rapportiniCampi = pgTable(
  'rapportini_campi',
  {
    aziendaId: azienda(),
    rapportinoId: uuid('rapportino_id').notNull(),
    campoId: uuid('campo_id').notNull(),
    valore: text('valore'),
  },
  (t) => [
    primaryKey({ name: 'rapportini_campi_pk', columns: [t.rapportinoId, t.campoId] }),
    index('rapportini_campi_campo_idx').on(t.aziendaId, t.campoId),
    foreignKey({
      name: 'rapportini_campi_rapportino_fk',
      columns: [t.aziendaId, t.rapportinoId],
      foreignColumns: [rapportini.aziendaId, rapportini.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'rapportini_campi_campo_fk',
      columns: [t.aziendaId, t.campoId],
      foreignColumns: [campiPersonalizzati.aziendaId, campiPersonalizzati.id],
    }).onDelete('cascade'),
  ],
);

export const numerazioni = pgTable('numerazioni', {
  aziendaId: uuid('azienda_id')
    .primaryKey()
    .references(() => aziende.id, { onDelete: 'cascade' }),
  prefisso: text('prefisso').notNull().default(''),
  formato: text('formato').notNull(),
  cifre: integer('cifre').notNull(),
  azzeramentoAnnuale: boolean('azzeramento_annuale').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const numerazioniContatori = pgTable(
  'numerazioni_contatori',
  { aziendaId: azienda(), anno: integer('anno').notNull(), ultimo: integer('ultimo').notNull() },
  (t) => [primaryKey({ name: 'numerazioni_contatori_pk', columns: [t.aziendaId, t.anno] })],
);

/** PostgreSQL's 64-bit transaction id (pg_current_xact_id()), read and written as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The events written with the changes they report (platform/events, decision 0036), in the order
 * (txid, seq): `txid` is the writing transaction, `seq` the order of writing (migration 0030).
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: id(),
    aziendaId: azienda(),
    tipo: text('tipo').notNull(),
    aggregateId: uuid('aggregate_id').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seq: bigint('seq', { mode: 'bigint' }).generatedAlwaysAsIdentity(),
    txid: xid8('txid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('outbox_events_order_idx').on(t.txid, t.seq)],
);

/** Each subscriber's position in the outbox (migration 0030): the last event it handled. */
export const eventSubscriberPositions = pgTable('event_subscriber_positions', {
  subscriber: text('subscriber').primaryKey(),
  lastTxid: xid8('last_txid').notNull(),
  lastSeq: bigint('last_seq', { mode: 'bigint' }).notNull(),
  failures: integer('failures').notNull().default(0),
  lastError: text('last_error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Signing links mailed to the customer (migration 0022): the token's SHA-256 only; single use. */
export const rapportiniFirmaLink = pgTable(
  'rapportini_firma_link',
  {
    id: id(),
    aziendaId: azienda(),
    rapportinoId: uuid('rapportino_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    scadeAt: timestamp('scade_at', { withTimezone: true }).notNull(),
    usatoAt: timestamp('usato_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rapportini_firma_link_token_uq').on(t.tokenHash),
    index('rapportini_firma_link_rapportino_idx').on(t.aziendaId, t.rapportinoId),
    foreignKey({
      name: 'rapportini_firma_link_rapportino_fk',
      columns: [t.aziendaId, t.rapportinoId],
      foreignColumns: [rapportini.aziendaId, rapportini.id],
    }).onDelete('cascade'),
  ],
);

/** The report mailed to the customer, one row per sending (migration 0023). */
export const rapportiniMailLog = pgTable(
  'rapportini_mail_log',
  {
    id: id(),
    aziendaId: azienda(),
    rapportinoId: uuid('rapportino_id').notNull(),
    destinatari: text('destinatari').array().notNull(),
    oggetto: text('oggetto').notNull(),
    stato: text('stato', { enum: ['in_coda', 'inviato', 'non_inviato', 'errore'] })
      .notNull()
      .default('in_coda'),
    /** What went: the report's PDF, or the signing link (migration 0031). */
    tipo: text('tipo', { enum: ['rapportino', 'link_firma'] })
      .notNull()
      .default('rapportino'),
    /** The office's own message (null: the default text in the PDF's language). */
    messaggio: text('messaggio'),
    errore: text('errore'),
    tentativi: integer('tentativi').notNull().default(0),
    inviatoAt: timestamp('inviato_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rapportini_mail_log_rapportino_idx').on(t.aziendaId, t.rapportinoId, t.createdAt),
    foreignKey({
      name: 'rapportini_mail_log_rapportino_fk',
      columns: [t.aziendaId, t.rapportinoId],
      foreignColumns: [rapportini.aziendaId, rapportini.id],
    }).onDelete('cascade'),
  ],
);

/** Per company, month and customer: reports opened, report days' hours, revenue closed (migration 0041). */
export const statisticheClientiMesi = pgTable(
  'statistiche_clienti_mesi',
  {
    aziendaId: uuid('azienda_id').notNull(),
    mese: date('mese', { mode: 'string' }).notNull(),
    clienteId: uuid('cliente_id').notNull(),
    aperti: integer('aperti').notNull().default(0),
    ore: numeric('ore', { precision: 14, scale: 2 }).notNull().default('0'),
    oreViaggio: numeric('ore_viaggio', { precision: 14, scale: 2 }).notNull().default('0'),
    ricavi: numeric('ricavi', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ name: 'statistiche_clienti_mesi_pk', columns: [t.aziendaId, t.mese, t.clienteId] }),
    // The customers tab sums a range of months index-only.
    index('statistiche_clienti_mesi_somme_idx').on(
      t.aziendaId,
      t.mese,
      t.clienteId,
      t.aperti,
      t.ore,
      t.oreViaggio,
      t.ricavi,
    ),
    foreignKey({
      name: 'statistiche_clienti_mesi_cliente_fk',
      columns: [t.aziendaId, t.clienteId],
      foreignColumns: [clienti.aziendaId, clienti.id],
    }).onDelete('cascade'),
  ],
);

/** Per company, day and user: report days' hours and km, clocked minutes, reports closed (migration 0041). */
export const statisticheTecniciGiorni = pgTable(
  'statistiche_tecnici_giorni',
  {
    aziendaId: uuid('azienda_id').notNull(),
    giorno: date('giorno', { mode: 'string' }).notNull(),
    utenteId: uuid('utente_id').notNull(),
    ore: numeric('ore', { precision: 14, scale: 2 }).notNull().default('0'),
    oreViaggio: numeric('ore_viaggio', { precision: 14, scale: 2 }).notNull().default('0'),
    km: numeric('km', { precision: 16, scale: 1 }).notNull().default('0'),
    lavoroMinuti: integer('lavoro_minuti').notNull().default(0),
    viaggioMinuti: integer('viaggio_minuti').notNull().default(0),
    chiusi: integer('chiusi').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'statistiche_tecnici_giorni_pk', columns: [t.aziendaId, t.giorno, t.utenteId] }),
    foreignKey({
      name: 'statistiche_tecnici_giorni_utente_fk',
      columns: [t.aziendaId, t.utenteId],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('cascade'),
  ],
);
