import { sql } from 'drizzle-orm';
import {
  foreignKey,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { aziende } from './schema.js';

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Discount codes (product-wide): percent or amount off, a validity window, a redemption cap. */
export const vouchers = pgTable('vouchers', {
  id: id(),
  code: text('code').notNull().unique(),
  percentOff: integer('percent_off'),
  /** Extra free-trial days a promo registration gets with this voucher (null: none). */
  trialDays: integer('trial_days'),
  amountOffCents: integer('amount_off_cents'),
  validFrom: date('valid_from'),
  validUntil: date('valid_until'),
  maxRedemptions: integer('max_redemptions'),
  redemptions: integer('redemptions').notNull().default(0),
  createdAt: createdAt(),
});

export type PaymentStatus = 'requires_action' | 'succeeded' | 'pending_transfer' | 'failed';

/** A quoted purchase and its payment: what was bought, for which term, how and whether paid. */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: id(),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    status: text('status').$type<PaymentStatus>().notNull(),
    method: text('method').$type<'card' | 'bank_transfer'>().notNull(),
    /** The estimate as quoted (mode, term, lines, discounts, total). */
    estimate: jsonb('estimate').notNull(),
    vouchers: jsonb('vouchers').$type<string[]>().notNull().default([]),
    totalCents: integer('total_cents').notNull(),
    challengeId: text('challenge_id').unique(),
    gatewayReference: text('gateway_reference'),
    transferReference: text('transfer_reference'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('subscription_payments_azienda_idx').on(t.aziendaId, t.createdAt),
    uniqueIndex('subscription_payments_azienda_id_uq').on(t.aziendaId, t.id),
  ],
);

export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: id(),
    voucherId: uuid('voucher_id').notNull(),
    aziendaId: uuid('azienda_id')
      .notNull()
      .references(() => aziende.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('voucher_redemptions_uq').on(t.voucherId, t.aziendaId),
    foreignKey({
      name: 'voucher_redemptions_voucher_id_fkey',
      columns: [t.voucherId],
      foreignColumns: [vouchers.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'voucher_redemptions_payment_fk',
      columns: [t.aziendaId, t.paymentId],
      foreignColumns: [subscriptionPayments.aziendaId, subscriptionPayments.id],
    }).onDelete('cascade'),
  ],
);

/** The company's card on file: never the number, only what is shown (last4, brand, expiry). */
export const subscriptionCards = pgTable('subscription_cards', {
  aziendaId: uuid('azienda_id')
    .primaryKey()
    .references(() => aziende.id, { onDelete: 'cascade' }),
  last4: text('last4').notNull(),
  brand: text('brand').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sandbox gateway: 3-D Secure challenges waiting for the user on the local sandbox page. */
export const sandboxChallenges = pgTable('sandbox_challenges', {
  id: text('id').primaryKey(),
  aziendaId: uuid('azienda_id')
    .notNull()
    .references(() => aziende.id, { onDelete: 'cascade' }),
  status: text('status').$type<'pending' | 'passed' | 'failed'>().notNull().default('pending'),
  amountCents: integer('amount_cents').notNull(),
  last4: text('last4').notNull(),
  brand: text('brand').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  returnUrl: text('return_url').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
