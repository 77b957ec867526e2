import type { Aziendamap } from '@fs/contract';
import { daysUntil } from '../../app/format';

export type SubscriptionStatus = 'trial' | 'active' | 'expired' | 'paymentFailed' | 'confirmed';

/** Spec section 4: a missing date counts as 1960; trial while not confirmed and not past its end. */
export function subscriptionStatus(company: Aziendamap, now: Date = new Date()): SubscriptionStatus {
  const trialDays = daysUntil(company.scadenza_trial_date, now);
  const subDays = daysUntil(company.scadenza_abbonamento_date, now);
  const latest = Math.max(trialDays ?? -Infinity, subDays ?? -Infinity);
  if (company.dunning) return 'paymentFailed';
  if (latest < 0) return 'expired';
  if (!company.subscription_confirmed && trialDays !== null && trialDays >= 0) return 'trial';
  return company.subscription_confirmed ? 'confirmed' : 'active';
}

export const STATUS_COLOR: Record<SubscriptionStatus, string> = {
  trial: 'brand',
  active: 'green',
  confirmed: 'green',
  expired: 'red',
  paymentFailed: 'orange',
};
