import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PagePermission, PageKey } from '@fs/contract';

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const aziende = pgTable('aziende', {
  id: id(),
  ragioneSociale: text('ragione_sociale').notNull(),
  partitaIva: text('partita_iva').notNull().unique(),
  codiceFiscale: text('codice_fiscale'),
  mailPrincipale: text('mail_principale'),
  pec: text('pec'),
  codiceDestinatario: text('codice_destinatario'),
  emails: jsonb('emails').$type<string[]>().notNull().default([]),
  telefono: text('telefono'),
  indirizzo: text('indirizzo'),
  citta: text('citta'),
  provincia: text('provincia'),
  cap: text('cap'),
  nazione: text('nazione').notNull().default('IT'),
  timezone: text('timezone').notNull().default('Europe/Rome'),
  linguaDefault: text('lingua_default').notNull().default('IT'),
  subscriptionType: text('subscription_type').$type<'lite' | 'premium' | 'platinum'>().notNull().default('premium'),
  subscriptionConfirmed: boolean('subscription_confirmed').notNull().default(false),
  subscriptionPaymentMethod: text('subscription_payment_method')
    .$type<'card' | 'bank_transfer'>()
    .notNull()
    .default('card'),
  subscriptionBillingPeriod: text('subscription_billing_period')
    .$type<'monthly' | 'yearly'>()
    .notNull()
    .default('yearly'),
  scadenzaTrialDate: date('scadenza_trial_date'),
  scadenzaAbbonamentoDate: date('scadenza_abbonamento_date'),
  startAbbonamentoDate: date('start_abbonamento_date'),
  dunning: boolean('dunning').notNull().default(false),
  workFlowPrimoAccesso: integer('work_flow_primo_accesso').notNull().default(0),
  logoMediaId: uuid('logo_media_id'),
  /** The planner's version the company prefers: 1 (old) or 2 (migration 0025). */
  versioneSchedule: smallint('versione_schedule').notNull().default(2),
  /** The last FatturaPA file's progressive (migration 0041): the next file takes one more. */
  fatturapaProgressivo: integer('fatturapa_progressivo').notNull().default(0),
  /** Deletion request (migration 0001, registration): when asked and when the data goes. */
  eliminazioneRichiestaAt: timestamp('eliminazione_richiesta_at', { withTimezone: true }),
  eliminazioneAt: timestamp('eliminazione_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Custom permission groups (spec platform sections 3, 5, 6): a name unique in the
 * company and, per page key, read/write/delete for own and company data. Members
 * are the users whose `utenti.gruppo_id` names the group (non-admins only). Here, not in
 * schema-users.ts, so that the users' composite key to it (migration 0029) needs no import cycle.
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
  (t) => [
    uniqueIndex('gruppi_azienda_name_uq').on(t.aziendaId, sql`lower(${t.name})`),
    uniqueIndex('gruppi_azienda_id_uq').on(t.aziendaId, t.id),
  ],
);

export const utenti = pgTable(
  'utenti',
  {
    id: id(),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    name: text('name'),
    surname: text('surname'),
    lingua: text('lingua').notNull().default('IT'),
    role: text('role').$type<'admin' | 'user'>().notNull().default('user'),
    superuser: boolean('superuser').notNull().default(false),
    status: text('status').$type<'ACTIVE' | 'DISABLED'>().notNull().default('ACTIVE'),
    scheduleenabled: text('scheduleenabled').$type<'Y' | 'N'>().notNull().default('N'),
    primoAccessoCompletato: boolean('primo_accesso_completato').notNull().default(false),
    netPriceKm: numeric('net_price_km', { precision: 12, scale: 2 }),
    netPriceOreViaggio: numeric('net_price_ore_viaggio', { precision: 12, scale: 2 }),
    netPriceTecnico: numeric('net_price_tecnico', { precision: 12, scale: 2 }),
    timezone: text('timezone').notNull().default('Europe/Rome'),
    signature: text('signature'),
    mediaId: uuid('media_id'),
    /** Permission group (company-scoped key, migration 0029). */
    gruppoId: uuid('gruppo_id'),
    /** Display order of the technicians (POST /utenti/scambia-order); migration 0002. */
    ordine: integer('ordine').notNull().default(0),
    permissionsUpdatedAt: timestamp('permissions_updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('utenti_azienda_username_uq').on(t.aziendaId, sql`lower(${t.username})`),
    uniqueIndex('utenti_email_uq').on(sql`lower(${t.email})`),
    index('utenti_gruppo_idx').on(t.aziendaId, t.gruppoId),
    // Target of the company-scoped keys of sessions, reports, appointments, ... (migration 0029).
    uniqueIndex('utenti_azienda_id_uq').on(t.aziendaId, t.id),
    foreignKey({
      name: 'utenti_gruppo_fk',
      columns: [t.aziendaId, t.gruppoId],
      foreignColumns: [gruppi.aziendaId, gruppi.id],
    }).onDelete('set null'),
  ],
);

export const sessioni = pgTable(
  'sessioni',
  {
    id: id(),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    utenteId: uuid('utente_id').notNull(),
    source: text('source').notNull(),
    deviceId: text('device_id').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason').$type<RevokeReason>(),
  },
  (t) => [
    index('sessioni_utente_active_idx')
      .on(t.aziendaId, t.utenteId, t.source)
      .where(sql`revoked_at is null`),
    // Target of the refresh tokens' company-scoped key (migration 0029).
    uniqueIndex('sessioni_azienda_id_uq').on(t.aziendaId, t.id),
    foreignKey({
      name: 'sessioni_utente_fk',
      columns: [t.aziendaId, t.utenteId],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('cascade'),
  ],
);

/** Why a session ended; `licence`: the user's technician licence was taken away (scheduling turned off). */
export type RevokeReason = 'logout' | 'device' | 'replaced' | 'reuse' | 'password' | 'disabled' | 'licence';

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid('session_id').notNull(),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind').$type<'rotating' | 'temp'>().notNull().default('rotating'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_tokens_session_idx').on(t.sessionId),
    foreignKey({
      name: 'refresh_tokens_session_fk',
      columns: [t.aziendaId, t.sessionId],
      foreignColumns: [sessioni.aziendaId, sessioni.id],
    }).onDelete('cascade'),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    utenteId: uuid('utente_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_resets_utente_idx').on(t.utenteId),
    foreignKey({
      name: 'password_resets_utente_fk',
      columns: [t.aziendaId, t.utenteId],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('cascade'),
  ],
);

/** Failed sign-ins per address, company and username, for slowing and locking. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Nonces of login start headers already seen (replay guard), kept until they expire. */
export const loginNonces = pgTable('login_nonces', {
  nonce: text('nonce').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Server secrets made on first start when not configured (signing key, sealing key pair). */
/** Fixed-window request counters per key (migration 0017, platform/rate-limit.ts; raw SQL there). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStartedAt)],
);

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const media = pgTable(
  'media',
  {
    id: id(),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    section: text('section').notNull(),
    ownerId: text('owner_id').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    /** Migration 0007 (media): description (POST /media/update), uploader, last change. */
    descrizione: text('descrizione'),
    uploadedBy: uuid('uploaded_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Migration 0021: fingerprint of what a generated file (the report PDF) was made from; null for uploads. */
    sourceHash: text('source_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_owner_idx').on(t.aziendaId, t.section, t.ownerId),
    index('media_azienda_created_idx').on(t.aziendaId, t.createdAt),
    foreignKey({
      name: 'media_uploaded_by_fk',
      columns: [t.aziendaId, t.uploadedBy],
      foreignColumns: [utenti.aziendaId, utenti.id],
    }).onDelete('set null'),
  ],
);

/**
 * What the company's subscription is made of (the spec's renewListino.breakList):
 * technician licences of a plan type, extra slots, paid options. One row per type.
 */
export const subscriptionItems = pgTable(
  'subscription_items',
  {
    id: id(),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('subscription_items_type_uq').on(t.aziendaId, t.type)],
);

/**
 * How many rows a company has in `tabella` (clienti, rapportini): kept by statement triggers in the transaction that
 * inserts or deletes them (migration 0032, decision 0042), so a whole list's exact total is read, not counted.
 */
export const conteggiRighe = pgTable(
  'conteggi_righe',
  {
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    tabella: text('tabella').notNull(),
    righe: bigint('righe', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'conteggi_righe_pk', columns: [t.aziendaId, t.tabella] })],
);

/**
 * The statistics' sums of a company day (migration 0036, decision 0046): the reports opened that day by their
 * current state, the reports closed that day (the closing instant's day in the company's zone) and their revenue,
 * the report days' hours and km. Kept by statement triggers in the transaction that writes the reports and their days.
 */
export const statisticheGiorni = pgTable(
  'statistiche_giorni',
  {
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    giorno: date('giorno', { mode: 'string' }).notNull(),
    apertiNuovo: integer('aperti_nuovo').notNull().default(0),
    apertiAperto: integer('aperti_aperto').notNull().default(0),
    apertiChiuso: integer('aperti_chiuso').notNull().default(0),
    chiusi: integer('chiusi').notNull().default(0),
    ricavi: numeric('ricavi', { precision: 16, scale: 2 }).notNull().default('0'),
    ore: numeric('ore', { precision: 14, scale: 2 }).notNull().default('0'),
    oreViaggio: numeric('ore_viaggio', { precision: 14, scale: 2 }).notNull().default('0'),
    km: numeric('km', { precision: 16, scale: 1 }).notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'statistiche_giorni_pk', columns: [t.aziendaId, t.giorno] })],
);
