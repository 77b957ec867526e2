import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { aziende } from './schema.js';

/**
 * Passepartout Mexal (issue 29, decision 0052; migration 0043): a company's connection to its Mexal WebAPI, one row
 * per company while signed in. The password is sealed (options' secret box). `stato` RIFIUTATO: Mexal refused the
 * password (401/403) at `rifiutato_il` with `messaggio`; nothing is sent to Mexal again until an admin signs in again.
 */
export const mexalConnessioni = pgTable(
  'mexal_connessioni',
  {
    aziendaId: uuid('azienda_id')
      .primaryKey()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    indirizzo: text('indirizzo').notNull(),
    utente: text('utente').notNull(),
    /** The WebAPI password, sealed. */
    password: text('password').notNull(),
    /** Mexal's company code (Coordinate-Gestionale Azienda=…). */
    codiceAzienda: text('codice_azienda').notNull(),
    anno: integer('anno').notNull(),
    stato: text('stato').$type<'CONNESSO' | 'RIFIUTATO'>().notNull(),
    connessoIl: timestamp('connesso_il', { withTimezone: true }),
    rifiutatoIl: timestamp('rifiutato_il', { withTimezone: true }),
    messaggio: text('messaggio'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('mexal_connessioni_stato_check', sql`${t.stato} IN ('CONNESSO', 'RIFIUTATO')`)],
);
