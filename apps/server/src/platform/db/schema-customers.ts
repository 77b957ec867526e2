import { sql, type SQL } from 'drizzle-orm';
import {
  doublePrecision,
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
  foreignKey,
} from 'drizzle-orm/pg-core';
import { aziende, utenti } from './schema.js';

/**
 * Customers, their contacts, plants and machines (spec operations sections 3, 7) and
 * the per-user table preferences of every list. SQL in migrations/0005_customers.sql.
 * Every table starts with azienda_id (cascade from aziende); every index starts with it.
 */
export const clienti = pgTable(
  'clienti',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    /** Registry id (codice anagrafica) chosen by the company; duplicates warn. */
    codice: text('codice'),
    ragioneSociale: text('ragione_sociale').notNull(),
    codiceFiscale: text('codice_fiscale'),
    partitaIva: text('partita_iva'),
    telefono: text('telefono'),
    cellulare: text('cellulare'),
    /** E-invoicing (migration 0016): certified mail and SDI recipient code. */
    pec: text('pec'),
    codiceDestinatario: text('codice_destinatario'),
    email: text('email'),
    note: text('note'),
    indirizzo: text('indirizzo'),
    citta: text('citta'),
    provincia: text('provincia'),
    cap: text('cap'),
    nazione: text('nazione').notNull().default('IT'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    kmViaggio: numeric('km_viaggio', { precision: 10, scale: 2 }),
    oreViaggio: numeric('ore_viaggio', { precision: 8, scale: 2 }),
    /** The searchable fields folded (fs_fold: lower case, no accents; migration 0014), for the search indexes. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`fs_fold(ragione_sociale || ' ' || coalesce(codice, '') || ' ' || coalesce(partita_iva, '') || ' ' || coalesce(codice_fiscale, '') || ' ' || coalesce(citta, ''))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The plain column after id (0012): a page's ids can be picked index-only (the sort value is computed from it).
    index('clienti_ragione_sociale_idx').on(t.aziendaId, sql`lower(${t.ragioneSociale})`, t.id, t.ragioneSociale),
    index('clienti_codice_idx').on(t.aziendaId, t.codice, t.id),
    index('clienti_partita_iva_idx').on(t.aziendaId, t.partitaIva, t.id),
    index('clienti_codice_fiscale_idx').on(t.aziendaId, t.codiceFiscale, t.id),
    index('clienti_citta_idx').on(t.aziendaId, sql`lower(${t.citta})`, t.id, t.citta),
    index('clienti_provincia_idx').on(t.aziendaId, t.provincia, t.id),
    index('clienti_created_idx').on(t.aziendaId, t.createdAt, t.id),
    // Exact-key lookups of the import and the duplicate checks (fs_key, migration 0015; the name, 0018).
    index('clienti_codice_key_idx').on(t.aziendaId, sql`fs_key(${t.codice})`),
    index('clienti_partita_iva_key_idx').on(t.aziendaId, sql`fs_key(${t.partitaIva})`),
    index('clienti_codice_fiscale_key_idx').on(t.aziendaId, sql`fs_key(${t.codiceFiscale})`),
    index('clienti_name_fold_idx').on(
      t.aziendaId,
      sql`fs_fold(regexp_replace(coalesce(${t.ragioneSociale}, ''), '\s+', ' ', 'g'))`,
    ),
    // Company id first (btree_gin): a search reads one company's matches (migration 0010).
    index('clienti_search_trgm_idx').using('gin', t.aziendaId, t.searchText.op('gin_trgm_ops')),
    // The city filter is a prefix of the folded city: text_pattern_ops can range over it (migrations 0010, 0014).
    index('clienti_citta_prefix_idx').on(t.aziendaId, sql`fs_fold(${t.citta}) text_pattern_ops`),
    // A 1-2 character search is a prefix of search_text; name and id make its count and pages index-only (migration 0012).
    index('clienti_search_prefix_idx').on(t.aziendaId, t.searchText.op('text_pattern_ops'), t.ragioneSociale, t.id),
    // Target of the company-scoped foreign keys of contracts and reports (migration 0011).
    uniqueIndex('clienti_azienda_id_uq').on(t.aziendaId, t.id),
  ],
);

/** Contacts of a customer (recapiti). */
export const clientiRecapiti = pgTable(
  'clienti_recapiti',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    clienteId: uuid('cliente_id').notNull(),
    nome: text('nome').notNull(),
    ruolo: text('ruolo'),
    telefono: text('telefono'),
    email: text('email'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clienti_recapiti_cliente_idx').on(t.aziendaId, t.clienteId),
    // Foreign-key cascades look children up by cliente_id alone (migration 0010).
    index('clienti_recapiti_cliente_fk_idx').on(t.clienteId),
    foreignKey({
      name: 'clienti_recapiti_cliente_fk',
      columns: [t.aziendaId, t.clienteId],
      foreignColumns: [clienti.aziendaId, clienti.id],
    }).onDelete('cascade'),
  ],
);

/** Plants (impianti): sites of a customer. */
export const impianti = pgTable(
  'impianti',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    clienteId: uuid('cliente_id').notNull(),
    nome: text('nome').notNull(),
    indirizzo: text('indirizzo'),
    citta: text('citta'),
    provincia: text('provincia'),
    cap: text('cap'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('impianti_cliente_idx').on(t.aziendaId, t.clienteId, sql`lower(${t.nome})`, t.id),
    index('impianti_cliente_fk_idx').on(t.clienteId),
    uniqueIndex('impianti_azienda_id_uq').on(t.aziendaId, t.id), // contracts link (company, plant) (migration 0011)
    foreignKey({
      name: 'impianti_cliente_fk',
      columns: [t.aziendaId, t.clienteId],
      foreignColumns: [clienti.aziendaId, clienti.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Machines (macchinari) of a plant. `livello` follows the machinery-levels option
 * (level 1 is the plant itself): a level-2 machine hangs from the plant, a level-n
 * machine (n > 2) from a level n-1 machine of the same plant (`parent_id`).
 */
export const macchinari = pgTable(
  'macchinari',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    impiantoId: uuid('impianto_id').notNull(),
    parentId: uuid('parent_id'),
    livello: integer('livello').notNull().default(2),
    nome: text('nome').notNull(),
    matricola: text('matricola').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('macchinari_impianto_idx').on(t.aziendaId, t.impiantoId, sql`lower(${t.nome})`, t.id),
    uniqueIndex('macchinari_matricola_uq').on(t.aziendaId, sql`upper(${t.matricola})`),
    index('macchinari_parent_idx').on(t.aziendaId, t.parentId),
    index('macchinari_impianto_fk_idx').on(t.impiantoId),
    index('macchinari_parent_fk_idx')
      .on(t.parentId)
      .where(sql`${t.parentId} IS NOT NULL`),
    uniqueIndex('macchinari_azienda_id_uq').on(t.aziendaId, t.id), // contracts and activities link (company, machine) (0011)
    foreignKey({
      name: 'macchinari_impianto_fk',
      columns: [t.aziendaId, t.impiantoId],
      foreignColumns: [impianti.aziendaId, impianti.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'macchinari_parent_fk',
      columns: [t.aziendaId, t.parentId],
      foreignColumns: [t.aziendaId, t.id],
    }).onDelete('cascade'),
  ],
);

/** A user's chosen columns (in order) for one table of the web app. */
export const preferenzeTabelle = pgTable(
  'preferenze_tabelle',
  {
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    utenteId: uuid('utente_id').notNull(),
    tabella: text('tabella').notNull(),
    colonne: jsonb('colonne').$type<string[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.aziendaId, t.utenteId, t.tabella] }),
    foreignKey({
      name: 'preferenze_tabelle_utente_fk',
      columns: [t.aziendaId, t.utenteId],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('cascade'),
  ],
);
