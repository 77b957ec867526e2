import { LOGIN_START, type LoginItem, type LoginRequest, type Source } from '@fs/contract';
import { AppError } from '../../../platform/errors.js';
import { verifyPassword } from '../../../platform/auth/crypto.js';
import type { Deps } from '../../../platform/deps.js';
import { issueSession } from '../../../platform/auth/sessions.js';
import { sessionUserOf } from '../session/service.js';
import * as repo from './repo.js';
import * as throttle from './throttle.js';

export interface LoginContext {
  ip: string;
  source: Source;
  deviceId: string;
  /** The sealed start header, when the client sent one. */
  start?: string;
}

export async function login(deps: Deps, input: LoginRequest, ctx: LoginContext): Promise<LoginItem> {
  if (ctx.start !== undefined) {
    const claims = await deps.sealer.open(ctx.start, ctx.deviceId);
    const fresh = await repo.rememberNonce(
      deps.db,
      claims.nonce,
      new Date(claims.startedAt + LOGIN_START.maxAgeMs + LOGIN_START.maxFutureSkewMs),
    );
    if (!fresh) throw new AppError('BAD_START_HEADER', 'Intestazione di avvio già usata');
  }
  const key = throttle.throttleKey(ctx.ip, input.piva, input.username);
  await throttle.beforeAttempt(deps, key);

  const company = await repo.findCompanyByPiva(deps.db, input.piva);
  const user = company ? await repo.findUserByUsername(deps.db, company.id, input.username) : undefined;
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!company || !user) {
    await throttle.recordFailure(deps, key);
    throw new AppError('0018');
  }
  if (!passwordOk) {
    await throttle.recordFailure(deps, key);
    throw new AppError('0019');
  }
  if (user.status !== 'ACTIVE') throw new AppError('0030');
  await throttle.recordSuccess(deps, key);

  const issued = await issueSession(deps, {
    aziendaId: company.id,
    userId: user.id,
    source: ctx.source,
    deviceId: ctx.deviceId,
  });
  const item = await sessionUserOf(deps, company.id, user.id);
  return { ...item, token: issued.token, refreshToken: issued.refreshToken };
}
