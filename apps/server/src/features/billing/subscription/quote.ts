/**
 * Quote rules (docs/pricing.md): pure, from the company's subscription, today's date and the
 * request. Amounts are integer cents without VAT, from PRICES.
 */
import {
  daysBetween,
  isExpired,
  isPlanType,
  isTrialActive,
  LIMITS,
  PRICES,
  technicianLimit,
  yearlyAllowed,
  type BillingPeriod,
  type BreakListEntry,
  type Estimate,
  type PlanType,
  type SubscriptionDates,
} from '@fs/contract';
import { AppError } from '../../../platform/errors.js';

export interface QuoteCompany extends SubscriptionDates {
  subscription_type: PlanType;
  start_abbonamento_date: string | null;
}

export interface QuoteInput {
  items: BreakListEntry[];
  billingPeriod: BillingPeriod;
  renew: boolean;
  replace: boolean;
}

export interface VoucherTerms {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
}

export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Months from `from` to `to`, a started month counting whole, at least 1. */
export function monthsCeil(from: string, to: string): number {
  let n = 0;
  while (addMonths(from, n) < to) n++;
  return Math.max(1, n);
}

const invalid = (path: string, message: string) => new AppError('VALIDATION', message, [{ path, message }]);

/** Merges quantities by type (one row per type, as subscription_items). */
export function mergeItems(a: BreakListEntry[], b: BreakListEntry[]): BreakListEntry[] {
  const out = new Map<string, number>();
  for (const i of [...a, ...b]) out.set(i.type, (out.get(i.type) ?? 0) + i.quantity);
  return [...out].filter(([, q]) => q > 0).map(([type, quantity]) => ({ type, quantity }) as BreakListEntry);
}

function checkDuplicates(items: BreakListEntry[]) {
  const seen = new Set<string>();
  for (const i of items) {
    if (seen.has(i.type)) throw invalid('items', `Tipo ripetuto: ${i.type}`);
    seen.add(i.type);
  }
}

function checkLicences(composition: BreakListEntry[], usedLicences: number): PlanType {
  const plans = composition.filter((i) => isPlanType(i.type) && i.quantity > 0);
  if (plans.length !== 1) throw invalid('items', 'Indicare le licenze tecnico di un solo piano');
  const plan = plans[0]!.type as PlanType;
  const qty = plans[0]!.quantity;
  const limit = technicianLimit(plan);
  if (limit !== null && qty > limit) {
    throw invalid('items', `Il piano lite consente al massimo ${LIMITS.liteMaxTechnicians} tecnici`);
  }
  if (qty < usedLicences) throw invalid('items', `Servono almeno ${usedLicences} licenze: tanti sono i tecnici attivi`);
  return plan;
}

function applyVouchers(subtotal: number, vouchers: VoucherTerms[]) {
  let running = subtotal;
  const discounts = vouchers.map((v) => {
    const off =
      v.percentOff !== null ? Math.round((running * v.percentOff) / 100) : Math.min(v.amountOffCents ?? 0, running);
    running -= off;
    return { code: v.code, amount_cents: off };
  });
  return { discounts, total: running };
}

/**
 * A confirmed, unexpired subscription gets additions to its current term (pro-rata, unless
 * `renew`); otherwise (free trial, expired, renewal) the quote is a new term for the whole
 * composition: the items as given (`replace`) or added to the current ones.
 */
export function buildQuote(
  company: QuoteCompany,
  current: BreakListEntry[],
  usedLicences: number,
  input: QuoteInput,
  vouchers: VoucherTerms[],
  today: string,
): Estimate & { composition: BreakListEntry[]; plan: PlanType } {
  checkDuplicates(input.items);
  const expired = isExpired(company, today);
  const addition = company.subscription_confirmed && !expired && !input.renew;

  if (addition) {
    if (input.replace)
      throw invalid('replace', 'Le voci si aggiungono al periodo in corso; la composizione cambia al rinnovo');
    if (input.items.length === 0) throw invalid('items', 'Nessuna voce da acquistare');
    const end = company.scadenza_abbonamento_date!;
    const allowed = yearlyAllowed(today, end);
    if (input.billingPeriod === 'yearly' && !allowed) {
      throw invalid(
        'billingPeriod',
        'Periodicità annuale non consentita: il periodo residuo è inferiore a un anno solare',
      );
    }
    const other = input.items.find((i) => isPlanType(i.type) && i.type !== company.subscription_type);
    if (other) throw invalid('items', 'Le licenze di un altro piano si acquistano al rinnovo');
    const composition = mergeItems(current, input.items);
    const plan = checkLicences(composition, usedLicences);
    const months = monthsCeil(today, end);
    const lines = input.items.map((i) => {
      const p = PRICES[i.type];
      const unit = input.billingPeriod === 'monthly' ? p.monthly : p.yearly;
      const amount =
        input.billingPeriod === 'monthly' ? unit * i.quantity * months : Math.round((unit * i.quantity * months) / 12);
      return { type: i.type, quantity: i.quantity, unit_cents: unit, months, amount_cents: amount };
    });
    const subtotal = lines.reduce((s, l) => s + l.amount_cents, 0);
    const { discounts, total } = applyVouchers(subtotal, vouchers);
    return {
      mode: 'addition',
      billingPeriod: input.billingPeriod,
      start: today,
      end,
      yearlyAllowed: allowed,
      lines,
      subtotal_cents: subtotal,
      discounts,
      total_cents: total,
      currency: 'EUR',
      composition,
      plan,
    };
  }

  const renewing = input.renew && company.subscription_confirmed && !expired;
  const start = renewing ? addDays(company.scadenza_abbonamento_date!, 1) : today;
  // A trial still running is not lost: its remaining days are added to the first term.
  const freeDays =
    !renewing && isTrialActive(company, today) ? Math.max(0, daysBetween(today, company.scadenza_trial_date!)) : 0;
  const end = addDays(addMonths(start, input.billingPeriod === 'yearly' ? 12 : 1), freeDays);
  const composition = input.replace ? mergeItems([], input.items) : mergeItems(current, input.items);
  const plan = checkLicences(composition, usedLicences);
  const months = input.billingPeriod === 'yearly' ? 12 : 1;
  const lines = composition.map((i) => {
    const unit = PRICES[i.type][input.billingPeriod];
    return { type: i.type, quantity: i.quantity, unit_cents: unit, months, amount_cents: unit * i.quantity };
  });
  const subtotal = lines.reduce((s, l) => s + l.amount_cents, 0);
  const { discounts, total } = applyVouchers(subtotal, vouchers);
  return {
    mode: 'new_term',
    billingPeriod: input.billingPeriod,
    start,
    end,
    yearlyAllowed: yearlyAllowed(start, end),
    lines,
    subtotal_cents: subtotal,
    discounts,
    total_cents: total,
    currency: 'EUR',
    composition,
    plan,
  };
}
