import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { aziende } from './schema.js';

/**
 * Bytes of stored files per company (migration 0007). A trigger on `media`
 * keeps `used_bytes` in the same transaction as the rows; the daily
 * storage-recalc job rewrites it from the rows and the stored objects.
 */
export const storageUsage = pgTable('storage_usage', {
  aziendaId: uuid('azienda_id')
    .primaryKey()
    .references(() => aziende.id, { onDelete: 'cascade' }),
  usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
  recalculatedAt: timestamp('recalculated_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Stored objects whose media row went (migration 0028): a trigger on `media` records the key in the
 * deleting transaction; platform/storage-removals.ts removes the objects and then the rows. No foreign key
 * to the company: the rows outlive it (its deletion is what records many of them).
 */
export const storageRemovals = pgTable(
  'storage_removals',
  {
    storageKey: text('storage_key').primaryKey(),
    aziendaId: uuid('azienda_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('storage_removals_created_idx').on(t.createdAt)],
);
