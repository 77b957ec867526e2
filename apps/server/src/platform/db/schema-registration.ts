import { sql } from 'drizzle-orm';
import { foreignKey, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { aziende, utenti } from './schema.js';

/**
 * Tokens handed out at registration (migration 0001, registration section):
 * `checkout` lets steps 3 and 4 put a card on file for a company that has no
 * session yet; `promo` (the wire's token_v2) lets the promo registrant
 * complete the company data. Stored as SHA-256 only.
 */
export const registrazioniToken = pgTable(
  'registrazioni_token',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    utenteId: uuid('utente_id').notNull(),
    kind: text('kind').$type<'checkout' | 'promo'>().notNull(),
    tokenHash: text('token_hash').notNull().unique('registrazioni_token_hash_unique'),
    coupon: text('coupon'),
    couponValido: boolean('coupon_valido'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('registrazioni_token_azienda_idx').on(t.aziendaId),
    foreignKey({
      name: 'registrazioni_token_utente_fk',
      columns: [t.aziendaId, t.utenteId],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('cascade'),
  ],
);
