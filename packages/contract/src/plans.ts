import { daysBetween } from './time.js';
/**
 * Plans, prices and subscription state rules (spec platform sections 4, 5, 9).
 * Amounts are integer euro cents, without VAT. One table, documented in
 * docs/pricing.md; the server quotes from it and the web shows it.
 */
export const PLAN_TYPES = ['lite', 'premium', 'platinum'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const PAYMENT_METHODS = ['card', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Paid options a company can switch on (options screen). */
export const PAID_OPTIONS = ['geolocalizzazione', 'integrazione_gestionale', 'trasferte'] as const;
export type PaidOption = (typeof PAID_OPTIONS)[number];

/** What a subscription is made of: technician licences of a plan, extra slots, paid options. */
export type ItemType = PlanType | 'storage' | 'customers' | 'items' | `option:${PaidOption}`;

export interface PriceRow {
  /** Price of one unit for a month and for a year, in cents. */
  monthly: number;
  yearly: number;
}

export const PRICES: Record<ItemType, PriceRow> = {
  lite: { monthly: 1900, yearly: 19000 },
  premium: { monthly: 2900, yearly: 29000 },
  platinum: { monthly: 3900, yearly: 39000 },
  storage: { monthly: 250, yearly: 3000 },
  customers: { monthly: 3333, yearly: 40000 },
  items: { monthly: 1667, yearly: 20000 },
  'option:geolocalizzazione': { monthly: 500, yearly: 6000 },
  'option:integrazione_gestionale': { monthly: 1000, yearly: 12000 },
  'option:trasferte': { monthly: 400, yearly: 4800 },
};

export const LIMITS = {
  liteMaxTechnicians: 3,
  storageIncludedBytes: 4 * 1024 ** 3,
  storageSlotBytes: 5 * 1024 ** 3,
  customersPerSlot: 8000,
  itemsPerSlot: 6000,
  expiringWarningDays: 20,
  tourFinishedStep: 30,
  referralRewardCents: 20000,
} as const;

export const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF'] as const;

export function isPlanType(v: unknown): v is PlanType {
  return typeof v === 'string' && (PLAN_TYPES as readonly string[]).includes(v);
}

/** Active licence count: the sum of entries of type lite, premium or platinum. */
export function licenceCount(items: { type: string; quantity: number }[]): number {
  return items.filter((i) => isPlanType(i.type)).reduce((s, i) => s + i.quantity, 0);
}

/* ---------- subscription state (dates are YYYY-MM-DD in the company's time zone) ---------- */

export interface SubscriptionDates {
  subscription_confirmed: boolean;
  scadenza_trial_date: string | null;
  scadenza_abbonamento_date: string | null;
  dunning: boolean;
}

const MISSING = '1960-01-01';

/** Trial is active when its end is today or later and the subscription is not confirmed. */
export function isTrialActive(s: SubscriptionDates, today: string): boolean {
  return !s.subscription_confirmed && s.scadenza_trial_date !== null && s.scadenza_trial_date >= today;
}

/** Expired when the later of subscription end and trial end is past; a missing date counts as 1960. */
export function isExpired(s: SubscriptionDates, today: string): boolean {
  const sub = s.scadenza_abbonamento_date ?? MISSING;
  const trial = s.scadenza_trial_date ?? MISSING;
  return (sub > trial ? sub : trial) < today;
}

/** A confirmed subscription with fewer than 20 days left (and not yet past). */
export function isExpiring(s: SubscriptionDates, today: string): boolean {
  if (!s.subscription_confirmed || !s.scadenza_abbonamento_date) return false;
  const left = daysBetween(today, s.scadenza_abbonamento_date);
  return left >= 0 && left < LIMITS.expiringWarningDays;
}

export function isPaymentFailed(s: SubscriptionDates): boolean {
  return s.dunning;
}

export type SubscriptionState = 'expired' | 'payment_failed' | 'free_trial' | 'active';

/** One name for the state, most urgent first. */
export function subscriptionState(s: SubscriptionDates, today: string): SubscriptionState {
  if (isExpired(s, today)) return 'expired';
  if (isPaymentFailed(s)) return 'payment_failed';
  if (isTrialActive(s, today)) return 'free_trial';
  return 'active';
}

/** Yearly billing needs a term of at least one calendar year (start to end, inclusive of the same date a year on). */
export function yearlyAllowed(start: string, end: string): boolean {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const aYearOn = new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10);
  return end >= aYearOn;
}

/** Lite allows at most 3 technicians. */
export function technicianLimit(plan: PlanType): number | null {
  return plan === 'lite' ? LIMITS.liteMaxTechnicians : null;
}
