import { AppError } from '../../../platform/errors.js';
import { hashPassword, hashToken, randomToken } from '../../../platform/auth/crypto.js';
import type { Deps } from '../../../platform/deps.js';
import type { MailMessage } from '../../../platform/mail.js';
import { revokeUserSessions } from '../../../platform/auth/sessions.js';
import * as repo from './repo.js';
import { resetMail } from './mail.js';
import { MAIL_QUEUE } from '../../../platform/mail-job.js';
import { RATE_RULES, takeHit } from '../../../platform/rate-limit.js';
import { assertStrongPassword } from '../../../platform/auth/password-strength.js';

/** Sends a single-use reset link through the mail job; an unknown email answers 404. */
/** Mails a reset link; throttled per client address and per email address (429 RATE_LIMITED). */
export async function requestReset(deps: Deps, email: string, client?: string): Promise<void> {
  if (client) await takeHit(deps, RATE_RULES.resetPerClient, client);
  await takeHit(deps, RATE_RULES.resetPerAddress, email);
  const user = await repo.findActiveUserByEmail(deps.db, email);
  if (!user || !user.email) throw new AppError('EMAIL_NOT_FOUND');
  const token = randomToken();
  const minutes = deps.config.RESET_TOKEN_TTL_MIN;
  await repo.insertReset(deps.db, {
    aziendaId: user.aziendaId,
    utenteId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + minutes * 60_000),
  });
  const link = `${deps.config.publicUrl}/access/reset-password?token=${encodeURIComponent(token)}`;
  const name = [user.name, user.surname].filter(Boolean).join(' ') || user.username;
  await deps.jobs.send<MailMessage>(
    MAIL_QUEUE,
    resetMail({ to: user.email, name, lingua: user.lingua, link, minutes }),
  );
}

/** Sets the new password, spends the link and ends every session of the user, in one transaction. */
export async function confirmReset(deps: Deps, token: string, password: string): Promise<void> {
  await assertStrongPassword(password);
  const passwordHash = await hashPassword(password);
  const done = await deps.db.transaction(async (tx) => {
    const reset = await repo.consumeReset(tx, hashToken(token));
    if (!reset) return false;
    await repo.setPassword(tx, reset.aziendaId, reset.utenteId, passwordHash);
    await repo.expireUserResets(tx, reset.aziendaId, reset.utenteId);
    await revokeUserSessions(tx, reset.aziendaId, reset.utenteId, 'password');
    return true;
  });
  if (!done) throw new AppError('RESET_TOKEN_INVALID');
}
