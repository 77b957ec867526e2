import { isExpired, todayIn, type SubscriptionDates } from '@fs/contract';
import { AppError } from '../errors.js';

/**
 * What an expired company may still call (spec platform section 4: only the basics load):
 * session, sign-out, company, reference lists, the subscription and its payments.
 */
export const OPEN_WHEN_EXPIRED = [
  '/api/session/',
  '/api/login/',
  '/api/aziende/azienda',
  '/api/navigazione/',
  '/api/nazioni/',
  '/api/lingue/',
  '/api/subscription/',
  '/api/v2/subscription/',
] as const;

export function openWhenExpired(url: string): boolean {
  return OPEN_WHEN_EXPIRED.some((p) => url.startsWith(p) || url === p.replace(/\/$/, ''));
}

/**
 * 402 SUBSCRIPTION_EXPIRED for any other route of a company whose subscription
 * and trial are both past; the dates come with the session the guard loads.
 */
export function refuseWhenExpired(company: SubscriptionDates & { timezone: string }, url: string, now: Date): void {
  if (openWhenExpired(url)) return;
  if (isExpired(company, todayIn(company.timezone, now))) {
    throw new AppError('SUBSCRIPTION_EXPIRED', 'Abbonamento scaduto: rinnovarlo per continuare');
  }
}
