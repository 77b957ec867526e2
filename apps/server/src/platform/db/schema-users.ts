import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { aziende, utenti } from './schema.js';

/** One-time codes that sign the companion app in (QR code); stored as SHA-256, single use. */
export const accessOtps = pgTable(
  'access_otps',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    utenteId: uuid('utente_id').notNull(),
    codeHash: text('code_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('access_otps_utente_idx').on(t.aziendaId, t.utenteId),
    foreignKey({
      name: 'access_otps_utente_fk',
      columns: [t.aziendaId, t.utenteId],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('cascade'),
  ],
);
