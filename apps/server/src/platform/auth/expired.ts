import { eq } from 'drizzle-orm';
import { isExpired, todayIn } from '@fs/contract';
import { AppError } from '../errors.js';
import type { Db } from '../db/client.js';
import { aziende } from '../db/schema.js';

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

/** 402 SUBSCRIPTION_EXPIRED for any other route of a company whose subscription and trial are both past. */
export async function refuseWhenExpired(db: Db, aziendaId: string, url: string): Promise<void> {
  if (openWhenExpired(url)) return;
  const [c] = await db
    .select({
      subscription_confirmed: aziende.subscriptionConfirmed,
      scadenza_trial_date: aziende.scadenzaTrialDate,
      scadenza_abbonamento_date: aziende.scadenzaAbbonamentoDate,
      dunning: aziende.dunning,
      timezone: aziende.timezone,
    })
    .from(aziende)
    .where(eq(aziende.id, aziendaId));
  if (c && isExpired(c, todayIn(c.timezone))) {
    throw new AppError('SUBSCRIPTION_EXPIRED', 'Abbonamento scaduto: rinnovarlo per continuare');
  }
}
