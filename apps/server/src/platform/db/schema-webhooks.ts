import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { aziende, utenti } from './schema.js';

/**
 * Webhooks (issue 28 part 2, decision 0049; migration 0039): a company's endpoints, the messages made for them (one
 * per endpoint and event, the exact body signed) and every attempt. Secrets are sealed (options' secret box).
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    descrizione: text('descrizione').notNull().default(''),
    eventi: text('eventi').array().notNull(),
    /** The `whsec_` secret, sealed. */
    segreto: text('segreto').notNull(),
    /** The secret's first characters, to show. */
    indizio: text('indizio').notNull(),
    /** After a rotation: the old secret (sealed), signing too until `segreto_precedente_fino`. */
    segretoPrecedente: text('segreto_precedente'),
    segretoPrecedenteFino: timestamp('segreto_precedente_fino', { withTimezone: true }),
    attivo: boolean('attivo').notNull().default(true),
    motivoDisabilitazione: text('motivo_disabilitazione').$type<'MANUALE' | 'GONE_410' | 'FALLIMENTI'>(),
    disabilitatoIl: timestamp('disabilitato_il', { withTimezone: true }),
    /** Since when every attempt has failed (null after a success). */
    falliscaDal: timestamp('fallisce_dal', { withTimezone: true }),
    /** The delivery lease: a worker delivers to this endpoint until then (one at a time). */
    inConsegnaFino: timestamp('in_consegna_fino', { withTimezone: true }),
    creatoDa: uuid('creato_da'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhooks_azienda_id_uq').on(t.aziendaId, t.id),
    check('webhooks_motivo_check', sql`${t.motivoDisabilitazione} IN ('MANUALE', 'GONE_410', 'FALLIMENTI')`),
    foreignKey({
      name: 'webhooks_creato_da_fk',
      columns: [t.aziendaId, t.creatoDa],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('set null'),
  ],
);

export const webhookMessages = pgTable(
  'webhook_messages',
  {
    /** The `webhook-id`: msg_ + 24 base62 characters. */
    id: text('id').primaryKey(),
    /** Creation order (the order of delivery per endpoint and of the log). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    aziendaId: uuid('azienda_id').notNull(),
    webhookId: uuid('webhook_id').notNull(),
    /** The outbox event it announces (null for a test message). */
    eventoId: uuid('evento_id'),
    tipo: text('tipo').notNull(),
    /** The exact bytes signed and sent. */
    body: text('body').notNull(),
    stato: text('stato').$type<'IN_ATTESA' | 'CONSEGNATO' | 'FALLITO'>().notNull().default('IN_ATTESA'),
    /** Every attempt made. */
    tentativi: integer('tentativi').notNull().default(0),
    /** Attempts of the current series (a replay starts a new one): the position in the retry schedule. */
    tentativiSerie: integer('tentativi_serie').notNull().default(0),
    prossimoTentativo: timestamp('prossimo_tentativo', { withTimezone: true }),
    ultimoStatus: integer('ultimo_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_messages_azienda_id_uq').on(t.aziendaId, t.id),
    uniqueIndex('webhook_messages_evento_uq').on(t.webhookId, t.eventoId),
    index('webhook_messages_log_idx').on(t.webhookId, t.seq),
    index('webhook_messages_stato_idx').on(t.webhookId, t.stato, t.seq),
    index('webhook_messages_due_idx')
      .on(t.prossimoTentativo, t.webhookId)
      .where(sql`${t.stato} = 'IN_ATTESA'`),
    check('webhook_messages_stato_check', sql`${t.stato} IN ('IN_ATTESA', 'CONSEGNATO', 'FALLITO')`),
    foreignKey({
      name: 'webhook_messages_webhook_fk',
      columns: [t.aziendaId, t.webhookId],
      foreignColumns: [webhooks.aziendaId, webhooks.id],
    }).onDelete('cascade'),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    aziendaId: uuid('azienda_id').notNull(),
    messaggioId: text('messaggio_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    status: integer('status'),
    latenzaMs: integer('latenza_ms'),
    /** The first 500 characters of the answer, or the error. */
    risposta: text('risposta').notNull(),
    esito: text('esito').$type<'OK' | 'ERRORE'>().notNull(),
  },
  (t) => [
    index('webhook_attempts_messaggio_idx').on(t.messaggioId, t.at),
    check('webhook_attempts_esito_check', sql`${t.esito} IN ('OK', 'ERRORE')`),
    foreignKey({
      name: 'webhook_attempts_messaggio_fk',
      columns: [t.aziendaId, t.messaggioId],
      foreignColumns: [webhookMessages.aziendaId, webhookMessages.id],
    }).onDelete('cascade'),
  ],
);
