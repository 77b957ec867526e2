import { sql } from 'drizzle-orm';
import {
  bigint,
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
    index('appuntamenti_inizio_idx')
      .on(t.aziendaId, t.inizio)
      .where(sql`${t.inizio} IS NOT NULL`),
  ],
);

export const appuntamentiTecnici = pgTable(
  'appuntamenti_tecnici',
  {
    aziendaId: azienda(),
    appuntamentoId: uuid('appuntamento_id').notNull(),
    utenteId: uuid('utente_id')
      .notNull()
      .references(() => utenti.id, { onDelete: 'cascade' }),
    /** The appointment's start, copied for the technician index. */
    inizio: timestamp('inizio', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'appuntamenti_tecnici_pk', columns: [t.appuntamentoId, t.utenteId] }),
    index('appuntamenti_tecnici_utente_idx').on(t.aziendaId, t.utenteId, t.inizio),
  ],
);

export const appuntamentiMacchinari = pgTable(
  'appuntamenti_macchinari',
  {
    aziendaId: azienda(),
    appuntamentoId: uuid('appuntamento_id').notNull(),
    macchinarioId: uuid('macchinario_id').notNull(),
  },
  (t) => [primaryKey({ name: 'appuntamenti_macchinari_pk', columns: [t.appuntamentoId, t.macchinarioId] })],
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
  (t) => [primaryKey({ name: 'promemoria_inviati_pk', columns: [t.appuntamentoId, t.utenteId, t.inizio] })],
);

/** A technician's secret calendar feed (only the token's SHA-256). */
export const calendarFeeds = pgTable('calendar_feeds', {
  utenteId: uuid('utente_id')
    .primaryKey()
    .references(() => utenti.id, { onDelete: 'cascade' }),
  aziendaId: azienda(),
  tokenHash: text('token_hash').notNull().unique('calendar_feeds_token_uq'),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The planner's revision per company (migration 0027): bumped by triggers on every change the calendar's
 * range shows, so a range answer is kept and revalidated until the next one. No foreign key (see 0027).
 */
export const revisioniSchedule = pgTable('revisioni_schedule', {
  aziendaId: uuid('azienda_id').primaryKey(),
  revisione: bigint('revisione', { mode: 'number' }).notNull().default(1),
  /** The transaction that made the revision (xid8): one bump per transaction. */
  xid: text('xid'),
});
