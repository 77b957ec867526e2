import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '@fs/contract';
import { aziende, utenti } from './schema.js';

/**
 * A company's API keys (issue 28, decision 0048; migration 0038). Only the SHA-256 of a key is kept, with its
 * first and last characters to show; revoked keys stay (who, when); a roll links the old key to its successor.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    hash: text('hash').notNull(),
    indizio: text('indizio').notNull(),
    scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull(),
    limiteMinuto: integer('limite_minuto').notNull(),
    scadenza: timestamp('scadenza', { withTimezone: true }),
    ultimoUso: timestamp('ultimo_uso', { withTimezone: true }),
    revocataIl: timestamp('revocata_il', { withTimezone: true }),
    revocataDa: uuid('revocata_da'),
    sostituitaDa: uuid('sostituita_da'),
    creataDa: uuid('creata_da'),
    creataIl: timestamp('creata_il', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('api_keys_hash_uq').on(t.hash),
    uniqueIndex('api_keys_azienda_id_uq').on(t.aziendaId, t.id),
    check('api_keys_limite_check', sql`${t.limiteMinuto} > 0`),
    foreignKey({
      name: 'api_keys_creata_da_fk',
      columns: [t.aziendaId, t.creataDa],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'api_keys_revocata_da_fk',
      columns: [t.aziendaId, t.revocataDa],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'api_keys_sostituita_da_fk',
      columns: [t.aziendaId, t.sostituitaDa],
      foreignColumns: [t.aziendaId, t.id],
    }).onDelete('set null'),
  ],
);
