import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { aziende } from './schema.js';
import { rapportini } from './schema-contracts.js';

/**
 * Accounting integration (issue 29, decision 0051; migration 0044): a company's Fatture in Cloud connection (tokens
 * sealed by the options' secret box), its pending OAuth states, and the export of completed reports to the
 * management tool (one row per report and tool).
 */
export const ficConnessioni = pgTable('fic_connessioni', {
  aziendaId: uuid('azienda_id')
    .primaryKey()
    .references(() => aziende.id, { onDelete: 'cascade' }),
  /** Sealed. */
  accessToken: text('access_token').notNull(),
  /** Sealed. */
  refreshToken: text('refresh_token').notNull(),
  scadeAt: timestamp('scade_at', { withTimezone: true }).notNull(),
  ficCompanyId: integer('fic_company_id'),
  ficCompanyNome: text('fic_company_nome'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ficOauthStati = pgTable(
  'fic_oauth_stati',
  {
    state: text('state').primaryKey(),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    scadeAt: timestamp('scade_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('fic_oauth_stati_azienda_idx').on(t.aziendaId, t.scadeAt)],
);

export const rapportiniEsportazioni = pgTable(
  'rapportini_esportazioni',
  {
    aziendaId: uuid('azienda_id').notNull(),
    rapportinoId: uuid('rapportino_id').notNull(),
    /** The `gestionale` option's value it goes to (fattureincloud, mexal). */
    strumento: text('strumento').notNull(),
    stato: text('stato').$type<'DA_INVIARE' | 'INVIATO' | 'FALLITO'>().notNull().default('DA_INVIARE'),
    /** The tool's document id, kept as soon as the tool answers (a retry finds that document). */
    documentoId: text('documento_id'),
    numero: text('numero'),
    link: text('link'),
    errore: text('errore'),
    tentativi: integer('tentativi').notNull().default(0),
    /** Not before (a rate limit's Retry-After, a retry's delay); null: now. */
    prossimoTentativo: timestamp('prossimo_tentativo', { withTimezone: true }),
    /** The lease of the worker exporting it. */
    inCorsoFino: timestamp('in_corso_fino', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'rapportini_esportazioni_pk', columns: [t.aziendaId, t.rapportinoId, t.strumento] }),
    check('rapportini_esportazioni_stato_check', sql`${t.stato} IN ('DA_INVIARE', 'INVIATO', 'FALLITO')`),
    foreignKey({
      name: 'rapportini_esportazioni_rapportino_fk',
      columns: [t.aziendaId, t.rapportinoId],
      foreignColumns: [rapportini.aziendaId, rapportini.id],
    }).onDelete('cascade'),
    index('rapportini_esportazioni_dovute_idx')
      .on(t.prossimoTentativo)
      .where(sql`${t.stato} = 'DA_INVIARE'`),
  ],
);
