import { AppError } from '../../../platform/errors.js';
import type { Deps } from '../../../platform/deps.js';
import * as repo from './repo.js';
import { securityEvent } from '../../../platform/rate-limit.js';

/** Failures count within this window. */
const WINDOW_MIN = 15;
const MAX_DELAY_MS = 3000;

export const throttleKey = (ip: string, piva: string, username: string) =>
  `${ip}|${piva.trim()}|${username.trim().toLowerCase()}`;

/**
 * Before checking a password: a locked key answers 429 with Retry-After; past
 * LOGIN_SLOW_AFTER failures each attempt waits longer (250 ms doubling, 3 s at most).
 */
export async function beforeAttempt(deps: Deps, key: string): Promise<void> {
  const row = await repo.getFailures(deps.db, key);
  if (!row) return;
  if (row.lockedUntil && row.lockedUntil.getTime() > Date.now()) {
    const retryAfter = Math.ceil((row.lockedUntil.getTime() - Date.now()) / 1000);
    securityEvent(deps, 'sign_in_locked', { key, retryAfter });
    throw new AppError('RATE_LIMITED', undefined, undefined, { 'retry-after': String(retryAfter) });
  }
  const inWindow = row.windowStartedAt.getTime() > Date.now() - WINDOW_MIN * 60_000;
  const over = row.failures - deps.config.LOGIN_SLOW_AFTER;
  if (inWindow && over >= 0) await deps.sleep(Math.min(250 * 2 ** over, MAX_DELAY_MS));
}

export function recordFailure(deps: Deps, key: string) {
  const c = deps.config;
  securityEvent(deps, 'sign_in_failed', { key });
  return repo.recordFailure(deps.db, key, WINDOW_MIN, c.LOGIN_MAX_FAILURES, c.LOGIN_LOCK_MIN);
}

export function recordSuccess(deps: Deps, key: string) {
  return repo.clearFailures(deps.db, key);
}
