import type { Deps } from '../../../platform/deps.js';
import { AppError } from '../../../platform/errors.js';
import { securityEvent, takeAllowance } from '../../../platform/rate-limit.js';

/**
 * The company's hourly allowance of outbound mail recipients (issue 22, point 10): the report mailed
 * to the customer and the signing link count together, each address once per sending, against
 * MAIL_RECIPIENTS_PER_HOUR in a fixed one-hour window shared by every API process. A sending that
 * does not fit takes nothing and answers 429 MAIL_LIMIT_REACHED with Retry-After.
 */
export const MAIL_RECIPIENTS_RULE = { name: 'mail-recipients-company', windowSec: 3600 } as const;

const minutes = (sec: number) => {
  const m = Math.max(1, Math.ceil(sec / 60));
  return m === 1 ? '1 minuto' : `${m} minuti`;
};

/** Takes `recipients` from the company's allowance of this hour, or throws MAIL_LIMIT_REACHED. */
export async function takeMailRecipients(deps: Deps, aziendaId: string, recipients: number): Promise<void> {
  const max = deps.config.MAIL_RECIPIENTS_PER_HOUR;
  const r = await takeAllowance(deps, MAIL_RECIPIENTS_RULE, aziendaId, recipients, max);
  if (r.ok) return;
  const left = Math.max(0, max - r.used);
  securityEvent(deps, 'mail_limit', { aziendaId, recipients, used: r.used, max });
  const rule = `la tua azienda può inviare rapportini e link di firma a ${max} destinatari all'ora`;
  throw new AppError(
    'MAIL_LIMIT_REACHED',
    left === 0
      ? `Limite di invii raggiunto: ${rule}. Riprova tra ${minutes(r.retryAfterSec)}.`
      : `Limite di invii: ${rule} e in quest'ora ne restano ${left}. Togli dei destinatari o riprova tra ${minutes(r.retryAfterSec)}.`,
    undefined,
    { 'retry-after': String(r.retryAfterSec) },
  );
}
