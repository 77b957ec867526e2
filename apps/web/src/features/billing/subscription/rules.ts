import {
  daysBetween,
  isExpired,
  isExpiring,
  isPaymentFailed,
  isTrialActive,
  type CompanyMap,
  type BillingPeriod,
  type BreakListEntry,
  type EstimateRequest,
} from '@fs/contract';

/** Today as YYYY-MM-DD on this device's calendar. */
export function localToday(now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

export type Banner =
  | { kind: 'expired' }
  | { kind: 'paymentFailed' }
  | { kind: 'trial'; days: number }
  | { kind: 'expiring'; days: number }
  | { kind: 'trialExpired' };

/** The banners of the default layout (spec sections 2 and 4), from the contract's rules. */
export function bannersFor(c: CompanyMap, today: string = localToday()): Banner[] {
  const out: Banner[] = [];
  const expired = isExpired(c, today);
  if (expired) out.push(c.subscription_confirmed ? { kind: 'expired' } : { kind: 'trialExpired' });
  if (isPaymentFailed(c)) out.push({ kind: 'paymentFailed' });
  if (isTrialActive(c, today)) out.push({ kind: 'trial', days: daysBetween(today, c.scadenza_trial_date!) });
  if (!expired && isExpiring(c, today))
    out.push({ kind: 'expiring', days: daysBetween(today, c.scadenza_abbonamento_date!) });
  return out;
}

export function expiredNow(c: CompanyMap, today: string = localToday()): boolean {
  return isExpired(c, today);
}

/** Pages an expired company may still open. */
export const EXPIRED_ALLOWED_PREFIX = '/subscription-plan';

/* ---- the order being prepared, kept client side between quote and checkout ---- */

const ORDER_KEY = 'fs.subscriptionOrder';
export const PERIOD_KEY = 'fs.billingPeriod';

export interface Order {
  items: BreakListEntry[];
  vouchers: string[];
  billingPeriod: BillingPeriod;
  renew: boolean;
  replace: boolean;
}

export function saveOrder(o: Order): void {
  sessionStorage.setItem(ORDER_KEY, JSON.stringify(o));
}

export function loadOrder(): Order | null {
  try {
    const raw = sessionStorage.getItem(ORDER_KEY);
    return raw ? (JSON.parse(raw) as Order) : null;
  } catch {
    return null;
  }
}

export function clearOrder(): void {
  sessionStorage.removeItem(ORDER_KEY);
}

export const toRequest = (o: Order): EstimateRequest => ({
  items: o.items.filter((i) => i.quantity > 0),
  vouchers: o.vouchers,
  billingPeriod: o.billingPeriod,
  renew: o.renew,
  replace: o.replace,
});
