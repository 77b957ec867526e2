import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { aziende, utenti } from './schema.js';
import { clienti } from './schema-customers.js';

/**
 * Clocking (issue 26, decision 0045; migration 0033). One row per interval of one kind; raw times
 * never overwritten, the latest correction and the calculated times beside them; corrections kept
 * in `timbrature_versioni`; month approvals in `timbrature_approvazioni`.
 */
export const timbrature = pgTable(
  'timbrature',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    utenteId: uuid('utente_id').notNull(),
    /** LAVORO, ANDATA, RITORNO */
    tipo: text('tipo').notNull(),
    /** TECNICO (the clock) or UFFICIO (entered by the office) */
    origine: text('origine').notNull().default('TECNICO'),
    /** The company day of the effective start (company time zone). */
    giorno: date('giorno', { mode: 'string' }).notNull(),
    timbraturaStart: timestamp('timbratura_start', { withTimezone: true }).notNull(),
    timbraturaEnd: timestamp('timbratura_end', { withTimezone: true }),
    timbraturaStartCorretta: timestamp('timbratura_start_corretta', { withTimezone: true }),
    timbraturaEndCorretta: timestamp('timbratura_end_corretta', { withTimezone: true }),
    timbraturaStartCalcolata: timestamp('timbratura_start_calcolata', { withTimezone: true }).notNull(),
    timbraturaEndCalcolata: timestamp('timbratura_end_calcolata', { withTimezone: true }),
    /** Null while open. */
    minutiCalcolati: integer('minuti_calcolati'),
    /** Whether the interval is still open (no end, raw or corrected): one open per technician. */
    aperta: boolean('aperta').notNull().default(true),
    timezone: text('timezone').notNull(),
    clienteId: uuid('cliente_id'),
    km: numeric('km', { precision: 10, scale: 2 }),
    ritornoNonNecessario: boolean('ritorno_non_necessario').notNull().default(false),
    startLatitude: doublePrecision('start_latitude'),
    startLongitude: doublePrecision('start_longitude'),
    startAccuracyM: integer('start_accuracy_m'),
    startFixAt: timestamp('start_fix_at', { withTimezone: true }),
    startFixStale: boolean('start_fix_stale'),
    endLatitude: doublePrecision('end_latitude'),
    endLongitude: doublePrecision('end_longitude'),
    endAccuracyM: integer('end_accuracy_m'),
    endFixAt: timestamp('end_fix_at', { withTimezone: true }),
    endFixStale: boolean('end_fix_stale'),
    /** Number of corrections. */
    versione: integer('versione').notNull().default(0),
    creatoDa: uuid('creato_da'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('timbrature_azienda_id_uq').on(t.aziendaId, t.id),
    index('timbrature_giorno_idx').on(t.aziendaId, t.giorno, t.utenteId),
    // Statistics (migration 0036): the clocked minutes of a range by user and kind, index-only.
    index('timbrature_stats_idx').on(t.aziendaId, t.giorno, t.utenteId, t.tipo, t.minutiCalcolati),
    index('timbrature_utente_idx').on(t.aziendaId, t.utenteId, t.timbraturaStart),
    index('timbrature_viaggi_idx')
      .on(t.aziendaId, t.utenteId, t.giorno, t.timbraturaStart)
      .where(sql`${t.tipo} <> 'LAVORO'`),
    uniqueIndex('timbrature_una_aperta_uq')
      .on(t.aziendaId, t.utenteId)
      .where(sql`${t.aperta}`),
    foreignKey({
      name: 'timbrature_utente_fk',
      columns: [t.aziendaId, t.utenteId],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'timbrature_cliente_fk',
      columns: [t.aziendaId, t.clienteId],
      foreignColumns: [clienti.aziendaId, clienti.id],
    }).onDelete('set null'),
    check('timbrature_tipo_check', sql`${t.tipo} IN ('LAVORO', 'ANDATA', 'RITORNO')`),
    check('timbrature_origine_check', sql`${t.origine} IN ('TECNICO', 'UFFICIO')`),
    check('timbrature_km_check', sql`${t.km} IS NULL OR ${t.km} >= 0`),
  ],
);

/** The corrections of a record, version by version (who, when, why). */
export const timbratureVersioni = pgTable(
  'timbrature_versioni',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    timbraturaId: uuid('timbratura_id').notNull(),
    versione: integer('versione').notNull(),
    timbraturaStart: timestamp('timbratura_start', { withTimezone: true }).notNull(),
    timbraturaEnd: timestamp('timbratura_end', { withTimezone: true }),
    motivo: text('motivo').notNull(),
    correttoDa: uuid('corretto_da'),
    correttoIl: timestamp('corretto_il', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('timbrature_versioni_uq').on(t.aziendaId, t.timbraturaId, t.versione),
    foreignKey({
      name: 'timbrature_versioni_timbratura_fk',
      columns: [t.aziendaId, t.timbraturaId],
      foreignColumns: [timbrature.aziendaId, timbrature.id],
    }).onDelete('cascade'),
  ],
);

/** A technician's month approved (and, when unlocked, by whom and when). At most one in force. */
export const timbratureApprovazioni = pgTable(
  'timbrature_approvazioni',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    utenteId: uuid('utente_id').notNull(),
    /** The month's first day. */
    mese: date('mese', { mode: 'string' }).notNull(),
    approvatoDa: uuid('approvato_da'),
    approvatoIl: timestamp('approvato_il', { withTimezone: true }).notNull().defaultNow(),
    sbloccatoDa: uuid('sbloccato_da'),
    sbloccatoIl: timestamp('sbloccato_il', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('timbrature_approvazioni_in_vigore_uq')
      .on(t.aziendaId, t.utenteId, t.mese)
      .where(sql`${t.sbloccatoIl} IS NULL`),
    foreignKey({
      name: 'timbrature_approvazioni_utente_fk',
      columns: [t.aziendaId, t.utenteId],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('cascade'),
    check('timbrature_approvazioni_mese_check', sql`extract(day from ${t.mese}) = 1`),
  ],
);

/** PostgreSQL's 64-bit transaction id (pg_current_xact_id()); read as text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The clocking revision per company (migration 0035): bumped by deferred triggers on every change the office's
 * overview shows (records, approvals, names, options), once per transaction, so the overview of a range is kept
 * until the next change. No foreign key (as the planner's revision, migration 0027).
 */
export const revisioniTimbrature = pgTable('revisioni_timbrature', {
  aziendaId: uuid('azienda_id').primaryKey(),
  revisione: bigint('revisione', { mode: 'number' }).notNull().default(1),
  xid: xid8('xid'),
});
