import { sql } from 'drizzle-orm';
import {
  foreignKey,
  bigint,
  customType,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { aziende, utenti } from './schema.js';

import { mansioni } from './schema-articles.js';
import { attivitaDate, rapportini } from './schema-contracts.js';
import { clienti, impianti, macchinari } from './schema-customers.js';

/** PostgreSQL's 64-bit transaction id (pg_current_xact_id()); read as text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The planner (issue 14): appointments, their technicians and machines, the reminders sent and
 * the technicians' calendar feeds. SQL, with the company-scoped foreign keys and CHECKs, in
 * migrations/0025_schedule.sql.
 */

const azienda = () =>
  uuid('azienda_id')
    .notNull()
    .references(() => aziende.id, { onDelete: 'cascade' });

export const appuntamenti = pgTable(
  'appuntamenti',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: azienda(),
    clienteId: uuid('cliente_id').notNull(),
    impiantoId: uuid('impianto_id'),
    mansioneId: uuid('mansione_id'),
    rapportinoId: uuid('rapportino_id'),
    attivitaDataId: uuid('attivita_data_id'),
    titolo: text('titolo').notNull(),
    note: text('note'),
    /** UTC instants; both null for a to-do. All day: midnight to midnight in the company's zone. */
    inizio: timestamp('inizio', { withTimezone: true }),
    fine: timestamp('fine', { withTimezone: true }),
    tuttoIlGiorno: boolean('tutto_il_giorno').notNull().default(false),
    daFare: boolean('da_fare').notNull().default(false),
    promemoriaMinuti: integer('promemoria_minuti'),
    /** Set when every technician's reminder for the current start is done (sent or given up). */
    promemoriaInviatoAt: timestamp('promemoria_inviato_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appuntamenti_azienda_id_uq').on(t.aziendaId, t.id),
    index('appuntamenti_da_fare_idx')
      .on(t.aziendaId, t.createdAt)
      .where(sql`${t.daFare}`),
    index('appuntamenti_cliente_idx').on(t.aziendaId, t.clienteId),
    // At most one appointment per report: the report's appointment (migration 0031, decision 0040).
    uniqueIndex('appuntamenti_rapportino_uq')
      .on(t.aziendaId, t.rapportinoId)
      .where(sql`${t.rapportinoId} IS NOT NULL`),
    index('appuntamenti_attivita_data_idx')
      .on(t.aziendaId, t.attivitaDataId)
      .where(sql`${t.attivitaDataId} IS NOT NULL`),
    // The reminder job's scan over every company: reminders set and not yet all sent.
    index('appuntamenti_promemoria_idx')
      .on(t.inizio)
      .where(sql`${t.promemoriaMinuti} IS NOT NULL AND ${t.promemoriaInviatoAt} IS NULL`),
    // Appointments longer than a day that started before a range (migration 0027).
    index('appuntamenti_lunghi_idx')
      .on(t.aziendaId, t.inizio)
      .where(sql`${t.fine} - ${t.inizio} > interval '1 day'`),
    // The to-do and list order (migration 0026).
    index('appuntamenti_lista_idx').on(t.aziendaId, t.daFare, t.inizio, t.createdAt, t.id.desc()),
    index('appuntamenti_inizio_idx')
      .on(t.aziendaId, t.inizio)
      .where(sql`${t.inizio} IS NOT NULL`),
    foreignKey({
      name: 'appuntamenti_cliente_fk',
      columns: [t.aziendaId, t.clienteId],
      foreignColumns: [clienti.aziendaId, clienti.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'appuntamenti_impianto_fk',
      columns: [t.aziendaId, t.impiantoId],
      foreignColumns: [impianti.aziendaId, impianti.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'appuntamenti_mansione_fk',
      columns: [t.aziendaId, t.mansioneId],
      foreignColumns: [mansioni.aziendaId, mansioni.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'appuntamenti_rapportino_fk',
      columns: [t.aziendaId, t.rapportinoId],
      foreignColumns: [rapportini.aziendaId, rapportini.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'appuntamenti_attivita_data_fk',
      columns: [t.aziendaId, t.attivitaDataId],
      foreignColumns: [attivitaDate.aziendaId, attivitaDate.id],
    }).onDelete('set null'),
  ],
);

export const appuntamentiTecnici = pgTable(
  'appuntamenti_tecnici',
  {
    aziendaId: azienda(),
    appuntamentoId: uuid('appuntamento_id').notNull(),
    utenteId: uuid('utente_id').notNull(),
    /** The appointment's start, copied for the technician index. */
    inizio: timestamp('inizio', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'appuntamenti_tecnici_pk', columns: [t.appuntamentoId, t.utenteId] }),
    index('appuntamenti_tecnici_utente_idx').on(t.aziendaId, t.utenteId, t.inizio),
    index('appuntamenti_tecnici_utente_fk_idx').on(t.utenteId),
    // INCLUDE (appuntamento_id, utente_id) in the SQL (migration 0026), which Drizzle cannot declare.
    index('appuntamenti_tecnici_inizio_idx')
      .on(t.aziendaId, t.inizio)
      .where(sql`${t.inizio} IS NOT NULL`),
    foreignKey({
      name: 'appuntamenti_tecnici_utente_fk',
      columns: [t.aziendaId, t.utenteId],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'appuntamenti_tecnici_appuntamento_fk',
      columns: [t.aziendaId, t.appuntamentoId],
      foreignColumns: [appuntamenti.aziendaId, appuntamenti.id],
    }).onDelete('cascade'),
  ],
);

export const appuntamentiMacchinari = pgTable(
  'appuntamenti_macchinari',
  {
    aziendaId: azienda(),
    appuntamentoId: uuid('appuntamento_id').notNull(),
    macchinarioId: uuid('macchinario_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'appuntamenti_macchinari_pk', columns: [t.appuntamentoId, t.macchinarioId] }),
    index('appuntamenti_macchinari_macchinario_idx').on(t.aziendaId, t.macchinarioId),
    foreignKey({
      name: 'appuntamenti_macchinari_appuntamento_fk',
      columns: [t.aziendaId, t.appuntamentoId],
      foreignColumns: [appuntamenti.aziendaId, appuntamenti.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'appuntamenti_macchinari_macchinario_fk',
      columns: [t.aziendaId, t.macchinarioId],
      foreignColumns: [macchinari.aziendaId, macchinari.id],
    }).onDelete('cascade'),
  ],
);

/** One reminder per technician and start (the reminder job's idempotence key). */
export const promemoriaInviati = pgTable(
  'promemoria_inviati',
  {
    aziendaId: azienda(),
    appuntamentoId: uuid('appuntamento_id').notNull(),
    utenteId: uuid('utente_id').notNull(),
    inizio: timestamp('inizio', { withTimezone: true }).notNull(),
    stato: text('stato', { enum: ['in_invio', 'inviato', 'errore'] })
      .notNull()
      .default('in_invio'),
    tentativi: integer('tentativi').notNull().default(1),
    errore: text('errore'),
    inviatoAt: timestamp('inviato_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'promemoria_inviati_pk', columns: [t.appuntamentoId, t.utenteId, t.inizio] }),
    foreignKey({
      name: 'promemoria_inviati_appuntamento_fk',
      columns: [t.aziendaId, t.appuntamentoId],
      foreignColumns: [appuntamenti.aziendaId, appuntamenti.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'promemoria_inviati_utente_fk',
      columns: [t.aziendaId, t.utenteId],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('cascade'),
  ],
);

/** A technician's secret calendar feed (only the token's SHA-256). */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    utenteId: uuid('utente_id').primaryKey(),
    aziendaId: azienda(),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_uq').on(t.tokenHash),
    index('calendar_feeds_azienda_idx').on(t.aziendaId),
    foreignKey({
      name: 'calendar_feeds_utente_fk',
      columns: [t.aziendaId, t.utenteId],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The planner's revision per company (migration 0027): bumped by triggers on every change the calendar's
 * range shows, so a range answer is kept and revalidated until the next one. No foreign key (see 0027).
 */
export const revisioniSchedule = pgTable('revisioni_schedule', {
  aziendaId: uuid('azienda_id').primaryKey(),
  revisione: bigint('revisione', { mode: 'number' }).notNull().default(1),
  /** The transaction that made the revision: one bump per transaction (written by the SQL functions only). */
  xid: xid8('xid'),
});
