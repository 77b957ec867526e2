import type { GenerateOtp, LoginItem } from '@fs/contract';
import { AppError } from '../../../platform/errors.js';
import { hashToken, randomToken } from '../../../platform/auth/crypto.js';
import { userOf, type CompanyContext } from '../../../platform/context.js';
import type { Deps } from '../../../platform/deps.js';
import { issueSession } from '../../../platform/auth/sessions.js';
import { sessionUserOf } from '../session/service.js';
import * as repo from './repo.js';
import { REQUIRED_MESSAGE } from '@fs/contract';

/**
 * The app-access QR code: a single-use code for the caller, stored hashed,
 * valid TOKEN_ACCESS_DURATION_SEC. A new code cancels the caller's earlier ones.
 */
export async function generateOtp(ctx: CompanyContext): Promise<GenerateOtp> {
  const { userId } = userOf(ctx);
  const { config } = ctx.deps;
  const code = randomToken();
  const ttl = config.TOKEN_ACCESS_DURATION_SEC;
  await ctx.transaction(async ({ db: tx }) => {
    await repo.expireUserOtps(tx, ctx.company.id, userId);
    await repo.insertOtp(tx, {
      aziendaId: ctx.company.id,
      utenteId: userId,
      codeHash: hashToken(code),
      expiresAt: new Date(ctx.clock.now().getTime() + ttl * 1000),
    });
  });
  return {
    success: true,
    OTP: code,
    url: `${config.publicUrl}/public/app-access?otp=${encodeURIComponent(code)}`,
    expiresInSec: ttl,
  };
}

/** Exchanges a code for a session of source APP on the given device. Used or expired: OTP_INVALID. */
export async function appAccess(deps: Deps, otp: string, deviceId: string | undefined): Promise<LoginItem> {
  if (!deviceId)
    throw new AppError('VALIDATION', 'Intestazione Device-Id mancante o non valida', [
      { path: 'Device-Id', message: REQUIRED_MESSAGE },
    ]);
  const spent = await repo.consumeOtp(deps.db, hashToken(otp), deps.clock.now());
  if (!spent) throw new AppError('OTP_INVALID', 'Codice QR scaduto o già usato');
  const found = await repo.findUser(deps.db, spent.aziendaId, spent.utenteId);
  if (!found || found.user.status !== 'ACTIVE') throw new AppError('0030');
  const issued = await issueSession(deps, {
    aziendaId: spent.aziendaId,
    userId: spent.utenteId,
    source: 'APP',
    deviceId,
  });
  const item = await sessionUserOf(deps, spent.aziendaId, spent.utenteId);
  return { ...item, token: issued.token, refreshToken: issued.refreshToken };
}
