import { sql, type SQL } from 'drizzle-orm';
import {
  foreignKey,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { aziende, utenti } from './schema.js';

/**
 * Articles (spec operations section 3): item code, external reference,
 * description, unit of measure, prices as numeric(12,2) (never floats).
 * Duplicated codes and external references are allowed (the save warns);
 * the indexes are in migration 0006 (search and sort at 100,000 rows):
 * btree on the sortable columns, btree on lower(...) COLLATE "C" for
 * duplicate checks and prefix search, and one GIN on (company, trigrams of
 * code, reference and description) for contains search (btree_gin).
 */
export const articoli = pgTable(
  'articoli',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    codice: text('codice').notNull(),
    riferimentoEsterno: text('riferimento_esterno'),
    descrizione: text('descrizione').notNull(),
    unitaMisura: text('unita_misura'),
    prezzoVendita: numeric('prezzo_vendita', { precision: 12, scale: 2 }),
    prezzoAcquisto: numeric('prezzo_acquisto', { precision: 12, scale: 2 }),
    /** The VAT rate (null: the company's default for goods) and the nature of a 0% rate (migration 0041, CHECKed). */
    aliquotaIva: numeric('aliquota_iva', { precision: 5, scale: 2 }),
    naturaIva: text('natura_iva'),
    note: text('note'),
    /** Code, external reference and description folded (fs_fold, migration 0014), for the trigram index. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`fs_fold(codice || ' ' || coalesce(riferimento_esterno, '') || ' ' || descrizione)`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('articoli_azienda_codice_idx').on(t.aziendaId, t.codice, t.id),
    index('articoli_azienda_riferimento_idx').on(t.aziendaId, t.riferimentoEsterno, t.id),
    index('articoli_azienda_descrizione_idx').on(t.aziendaId, t.descrizione, t.id),
    index('articoli_azienda_codice_lc_idx').on(t.aziendaId, sql`(lower(${t.codice}) COLLATE "C")`),
    index('articoli_azienda_riferimento_lc_idx').on(t.aziendaId, sql`(lower(${t.riferimentoEsterno}) COLLATE "C")`),
    // A 1-2 character search is a prefix of the folded description; the plain columns after it make the
    // count and the picking of a page index-only whatever the sort (migrations 0012, 0014).
    index('articoli_descrizione_prefix_idx').on(
      t.aziendaId,
      sql`fs_fold(${t.descrizione}) text_pattern_ops`,
      t.descrizione,
      t.codice,
      t.riferimentoEsterno,
      t.id,
    ),
    index('articoli_search_trgm_idx').using('gin', t.aziendaId, t.searchText.op('gin_trgm_ops')),
    // Exact-key lookups of the import and the duplicate checks (fs_key, migration 0015).
    index('articoli_codice_key_idx').on(t.aziendaId, sql`fs_key(${t.codice})`),
    index('articoli_riferimento_key_idx').on(t.aziendaId, sql`fs_key(${t.riferimentoEsterno})`),
    // Target of the reports' and custom fields' company-scoped keys (migration 0029).
    uniqueIndex('articoli_azienda_id_uq').on(t.aziendaId, t.id),
  ],
);

/** Job roles (mansioni): a name unique in the company (case-insensitive) and a description. */
export const mansioni = pgTable(
  'mansioni',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    descrizione: text('descrizione'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mansioni_azienda_nome_uq').on(t.aziendaId, sql`lower(${t.nome})`),
    // Target of the company-scoped foreign keys of contracts and reports (migration 0011).
    uniqueIndex('mansioni_azienda_id_uq').on(t.aziendaId, t.id),
  ],
);

/** Checks (controlli) of a job role: the checklist a technician fills in. */
export const controlli = pgTable(
  'controlli',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    mansioneId: uuid('mansione_id').notNull(),
    nomeCampo: text('nome_campo').notNull(),
    descrizione: text('descrizione'),
    tipoCampo: text('tipo_campo').notNull().default('boolean'),
    obbligatorio: boolean('obbligatorio').notNull().default(false),
    /** Choices of a `select` check. */
    valori: jsonb('valori').$type<string[]>().notNull().default([]),
    ordine: integer('ordine').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('controlli_mansione_idx').on(t.aziendaId, t.mansioneId, t.ordine),
    uniqueIndex('controlli_azienda_id_uq').on(t.aziendaId, t.id), // contract activities link (company, check) (0011)
    foreignKey({
      name: 'controlli_mansione_fk',
      columns: [t.aziendaId, t.mansioneId],
      foreignColumns: [mansioni.aziendaId, mansioni.id],
    }).onDelete('cascade'),
  ],
);

/** Which users hold which job roles. Deleting a held job role is refused (0032); the FK backs that up. */
export const utentiMansioni = pgTable(
  'utenti_mansioni',
  {
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    utenteId: uuid('utente_id').notNull(),
    mansioneId: uuid('mansione_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.utenteId, t.mansioneId] }),
    index('utenti_mansioni_mansione_idx').on(t.aziendaId, t.mansioneId),
    foreignKey({
      name: 'utenti_mansioni_utente_fk',
      columns: [t.aziendaId, t.utenteId],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'utenti_mansioni_mansione_fk',
      columns: [t.aziendaId, t.mansioneId],
      foreignColumns: [mansioni.aziendaId, mansioni.id],
    }),
  ],
);
