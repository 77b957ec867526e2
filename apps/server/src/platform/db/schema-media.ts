import { bigint, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
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
