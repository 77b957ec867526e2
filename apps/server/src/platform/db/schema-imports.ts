import { sql } from 'drizzle-orm';
import {
  foreignKey,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ColumnMapping, ImportEncoding, ImportSeparator, ImportStatus, ImportTable, RowError } from '@fs/contract';
import { aziende, utenti } from './schema.js';

/**
 * CSV imports (migration 0008): the uploaded file, the chosen mapping and the
 * job's progress. At most one import per company is queued or running
 * (partial unique index). The file is removed once the import ends.
 * The CHECK constraints on tabella, stato, separatore and encoding are in the SQL.
 */
export const importazioni = pgTable(
  'importazioni',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    utenteId: uuid('utente_id'),
    tabella: text('tabella').$type<ImportTable>().notNull(),
    separatore: text('separatore').$type<ImportSeparator>().notNull(),
    intestazione: boolean('intestazione').notNull(),
    encoding: text('encoding').$type<ImportEncoding>().notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key'),
    mapping: jsonb('mapping').$type<ColumnMapping[]>(),
    stato: text('stato').$type<ImportStatus>().notNull().default('mapped'),
    righeLette: integer('righe_lette').notNull().default(0),
    creati: integer('creati').notNull().default(0),
    aggiornati: integer('aggiornati').notNull().default(0),
    scartati: integer('scartati').notNull().default(0),
    bytesLetti: bigint('bytes_letti', { mode: 'number' }).notNull().default(0),
    errore: text('errore'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Written by the running job every IMPORT_HEARTBEAT_MS; an old one means the run died. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (t) => [
    index('importazioni_azienda_created_idx').on(t.aziendaId, t.createdAt),
    uniqueIndex('importazioni_azienda_id_uq').on(t.aziendaId, t.id),
    uniqueIndex('importazioni_one_active_uq')
      .on(t.aziendaId)
      .where(sql`${t.stato} IN ('queued', 'running')`),
    foreignKey({
      name: 'importazioni_utente_fk',
      columns: [t.aziendaId, t.utenteId],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('set null'),
  ],
);

/** Rows an import refused, with their reasons and the cells as read (the final report). */
export const importazioniScarti = pgTable(
  'importazioni_scarti',
  {
    importazioneId: uuid('importazione_id').notNull(),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    riga: integer('riga').notNull(),
    errori: jsonb('errori').$type<RowError[]>().notNull(),
    valori: jsonb('valori').$type<string[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importazioneId, t.riga] }),
    foreignKey({
      name: 'importazioni_scarti_importazione_fk',
      columns: [t.aziendaId, t.importazioneId],
      foreignColumns: [importazioni.aziendaId, importazioni.id],
    }).onDelete('cascade'),
  ],
);
