import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PagePermission, PageKey } from '@fs/contract';
import { aziende, utenti } from './schema.js';

/**
 * Custom permission groups (spec platform sections 3, 5, 6): a name unique in the
 * company and, per page key, read/write/delete for own and company data. Members
 * are the users whose `utenti.gruppo_id` names the group (non-admins only).
 */
export const gruppi = pgTable(
  'gruppi',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    permissions: jsonb('permissions').$type<Partial<Record<PageKey, PagePermission>>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gruppi_azienda_name_uq').on(t.aziendaId, sql`lower(${t.name})`)],
);

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
    utenteId: uuid('utente_id')
      .notNull()
      .references(() => utenti.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_otps_utente_idx').on(t.aziendaId, t.utenteId)],
);
