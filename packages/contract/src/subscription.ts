import { z } from 'zod';
import { BILLING_PERIODS, PAID_OPTIONS, PAYMENT_METHODS, PLAN_TYPES, type ItemType } from './plans.js';

/** Every item type a subscription can hold (PRICES keys). */
export const ITEM_TYPES = [
  ...PLAN_TYPES,
  'storage',
  'customers',
  'items',
  ...PAID_OPTIONS.map((o) => `option:${o}` as const),
] as const satisfies readonly ItemType[];

export const itemTypeSchema = z.enum(ITEM_TYPES);

/** One entry of renewListino.breakList, and one line of a purchase. */
export const breakListEntry = z.object({ type: itemTypeSchema, quantity: z.number().int().min(0).max(10_000) });
export type BreakListEntry = z.infer<typeof breakListEntry>;

const voucherCode = z.string().trim().toUpperCase().min(1).max(40);

/**
 * A quote or purchase request (docs/pricing.md). A confirmed, unexpired subscription gets
 * `items` added to its current term; otherwise (trial, expired, `renew`) a new term is quoted for
 * the current composition plus `items`, or for `items` alone with `replace`.
 */
export const estimateRequest = z
  .object({
    items: z.array(breakListEntry.extend({ quantity: z.number().int().min(1).max(10_000) })).max(20),
    vouchers: z.array(voucherCode).max(5).default([]),
    billingPeriod: z.enum(BILLING_PERIODS).default('yearly'),
    /** Start the next term now (confirmed subscriptions); otherwise additions to the current term. */
    renew: z.boolean().default(false),
    /** New term: `items` are the whole composition instead of additions to the current one. */
    replace: z.boolean().default(false),
  })
  .strict();
export type EstimateRequest = z.input<typeof estimateRequest>;

export const cardInput = z
  .object({
    number: z.string().trim().max(30),
    exp_month: z.number().int().min(1).max(12),
    exp_year: z.number().int().min(2000).max(2100),
    cvc: z.string().trim().max(4),
    holder: z.string().trim().min(1).max(120),
  })
  .strict();
export type CardInput = z.infer<typeof cardInput>;

export const confirmRequest = estimateRequest;
export const confirmCardRequest = estimateRequest.extend({ card: cardInput }).strict();
export const threeDsCompleteRequest = z.object({ challenge_id: z.string().min(10).max(100) }).strict();
export const voucherRequest = z.object({ code: voucherCode }).strict();

export const estimateLine = z.object({
  type: itemTypeSchema,
  quantity: z.number().int(),
  /** Price of one unit for the chosen billing period, cents without VAT. */
  unit_cents: z.number().int(),
  /** Months charged (pro-rata of an addition; 12 or 1 for a new term). */
  months: z.number().int(),
  amount_cents: z.number().int(),
});

export const estimateSchema = z.object({
  mode: z.enum(['new_term', 'addition']),
  billingPeriod: z.enum(BILLING_PERIODS),
  /** The term the items cover, YYYY-MM-DD. */
  start: z.string(),
  end: z.string(),
  yearlyAllowed: z.boolean(),
  lines: z.array(estimateLine),
  subtotal_cents: z.number().int(),
  discounts: z.array(z.object({ code: z.string(), amount_cents: z.number().int() })),
  /** Total to pay, VAT excluded. */
  total_cents: z.number().int(),
  currency: z.literal('EUR'),
});
export type Estimate = z.infer<typeof estimateSchema>;

export const estimateResponse = z.object({ success: z.literal(true), estimate: z.array(estimateSchema) });

export const bankTransferInstructions = z.object({
  beneficiary: z.string(),
  iban: z.string(),
  bic: z.string(),
  reference: z.string(),
  amount_cents: z.number().int(),
  due_date: z.string(),
});
export type BankTransferInstructions = z.infer<typeof bankTransferInstructions>;

export const purchaseResult = z.object({
  status: z.enum(['succeeded', 'requires_action', 'pending_transfer']),
  payment_id: z.string(),
  estimate: estimateSchema,
  challenge_id: z.string().optional(),
  challenge_url: z.string().optional(),
  instructions: bankTransferInstructions.optional(),
});
export type PurchaseResult = z.infer<typeof purchaseResult>;

export const cardSummary = z.object({
  last4: z.string(),
  brand: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});

export const subscriptionSchema = z.object({
  sub: z.object({
    subscription_type: z.enum(PLAN_TYPES),
    subscription_billing_period: z.enum(BILLING_PERIODS),
    subscription_payment_method: z.enum(PAYMENT_METHODS),
    subscription_confirmed: z.boolean(),
    start_abbonamento_date: z.string().nullable(),
    scadenza_abbonamento_date: z.string().nullable(),
    scadenza_trial_date: z.string().nullable(),
    dunning: z.boolean(),
    state: z.enum(['expired', 'payment_failed', 'free_trial', 'active']),
    renewListino: z.object({ breakList: z.array(breakListEntry) }),
  }),
  licences: z.object({ total: z.number().int(), used: z.number().int(), limit: z.number().int().nullable() }),
  usage: z.object({ storage_bytes: z.number(), storage_limit_bytes: z.number() }),
  card: cardSummary.nullable(),
  pending_transfer: bankTransferInstructions.nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const voucherSchema = z.object({
  code: z.string(),
  percent_off: z.number().int().nullable(),
  amount_off_cents: z.number().int().nullable(),
  valid_until: z.string().nullable(),
});
export type Voucher = z.infer<typeof voucherSchema>;

/** Public view of a sandbox 3-D Secure challenge (the local "bank" page). */
export const threeDsChallengeSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'passed', 'failed']),
  amount_cents: z.number().int(),
  last4: z.string(),
  brand: z.string(),
  return_url: z.string(),
});

export * from './cards.js';
