import { subscriptionState, type CompanyMap } from '@fs/contract';
import { localToday } from '../../billing';

export type SubscriptionStatus = 'trial' | 'active' | 'expired' | 'paymentFailed' | 'confirmed';

/** The state of spec section 4 by the contract's rules, with confirmed told apart from active. */
export function subscriptionStatus(company: CompanyMap, now: Date = new Date()): SubscriptionStatus {
  const state = subscriptionState(company, localToday(now));
  if (state === 'expired') return 'expired';
  if (state === 'payment_failed') return 'paymentFailed';
  if (state === 'free_trial') return 'trial';
  return company.subscription_confirmed ? 'confirmed' : 'active';
}

export const STATUS_COLOR: Record<SubscriptionStatus, string> = {
  trial: 'brand',
  active: 'green',
  confirmed: 'green',
  expired: 'red',
  paymentFailed: 'orange',
};
