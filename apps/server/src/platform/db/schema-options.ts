import { sql } from 'drizzle-orm';
import { pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { aziende } from './schema.js';

/**
 * Company options (spec platform sections 2, 3, 7): one row per value the
 * company changed; values not stored take the catalogue's default
 * (packages/contract/src/options.ts). Secrets (the SMTP password) are stored
 * encrypted with AES-256-GCM (`v1:<iv>:<tag>:<ciphertext>`, base64).
 */
export const opzioniAzienda = pgTable(
  'opzioni_azienda',
  {
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    subcategory: text('subcategory').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.aziendaId, t.category, t.subcategory] })],
);

/** Reasons configuration (motivazioni): texts suggested as the reason of an intervention. */
export const motivazioni = pgTable(
  'motivazioni',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    testo: text('testo').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('motivazioni_azienda_testo_uq').on(t.aziendaId, sql`lower(${t.testo})`)],
);
