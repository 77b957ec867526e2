import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DataExportFormat, DataExportStatus } from '@fs/contract';
import { aziende, utenti } from './schema.js';

/**
 * Data exports (migration 0037, decision 0047): what a user asked for, the job's progress and the
 * stored file, kept until `expires_at`. The CHECK constraints on formato, stato and progresso are in the SQL.
 */
export const esportazioni = pgTable(
  'esportazioni',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    utenteId: uuid('utente_id').notNull(),
    formato: text('formato').$type<DataExportFormat>().notNull(),
    entita: text('entita').array().notNull(),
    includeMedia: boolean('include_media').notNull().default(false),
    stato: text('stato').$type<DataExportStatus>().notNull().default('queued'),
    progresso: integer('progresso').notNull().default(0),
    righe: bigint('righe', { mode: 'number' }).notNull().default(0),
    fileName: text('file_name'),
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    errore: text('errore'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Written by the running job; an old one means the run died. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('esportazioni_azienda_id_uq').on(t.aziendaId, t.id),
    index('esportazioni_utente_created_idx').on(t.aziendaId, t.utenteId, t.createdAt),
    index('esportazioni_expires_idx').on(t.expiresAt),
    foreignKey({
      name: 'esportazioni_utente_fk',
      columns: [t.aziendaId, t.utenteId],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('cascade'),
  ],
);
