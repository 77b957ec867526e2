import { sql } from 'drizzle-orm';
import type { Deps } from './deps.js';
import { AppError } from './errors.js';

/**
 * Fixed-window limits for the public endpoints that send mail or reveal whether something
 * exists (registration, password reset): at most `max` hits per `windowSec` per key, counted
 * in the database so every API process shares them (migration 0017). Past the limit: 429
 * RATE_LIMITED with Retry-After, and a security event in the log.
 */
export interface RateRule {
  /** Names the rule in keys and in the log. */
  name: string;
  max: number;
  windowSec: number;
}

export const RATE_RULES = {
  registerCheckPerClient: { name: 'register-check-client', max: 30, windowSec: 10 * 60 },
  registerInitPerClient: { name: 'register-init-client', max: 20, windowSec: 60 * 60 },
  resetPerAddress: { name: 'reset-address', max: 5, windowSec: 60 * 60 },
  resetPerClient: { name: 'reset-client', max: 20, windowSec: 60 * 60 },
  // The customer's signing page (docs/decisions/0025-signature.md): reading the summary, and signing.
  signatureViewPerClient: { name: 'signature-view-client', max: 60, windowSec: 10 * 60 },
  signatureSignPerClient: { name: 'signature-sign-client', max: 10, windowSec: 60 * 60 },
} as const satisfies Record<string, RateRule>;

/** Counts one hit of `subject` (a client address, an email) under `rule`; throws past the limit. */
export async function takeHit(deps: Deps, rule: RateRule, subject: string): Promise<void> {
  const key = `${rule.name}|${subject.trim().toLowerCase()}`;
  const r = await deps.database.executeSql(
    `insert into rate_limits (key, window_started_at, hits) values ($1, now(), 1)
     on conflict (key) do update set
       hits = case when rate_limits.window_started_at > now() - make_interval(secs => $2) then rate_limits.hits + 1 else 1 end,
       window_started_at = case when rate_limits.window_started_at > now() - make_interval(secs => $2)
                           then rate_limits.window_started_at else now() end
     returning hits, ceil(extract(epoch from (window_started_at + make_interval(secs => $2) - now())))::int as retry`,
    [key, rule.windowSec],
  );
  const row = r.rows[0] as { hits: number; retry: number };
  if (Math.random() < 0.01) await forgetOldWindows(deps);
  if (row.hits <= rule.max * deps.config.RATE_LIMIT_FACTOR) return;
  securityEvent(deps, 'rate_limited', { rule: rule.name, subject: subject.trim().toLowerCase(), hits: row.hits });
  throw new AppError('RATE_LIMITED', undefined, undefined, { 'retry-after': String(Math.max(1, row.retry)) });
}

/**
 * An allowance: takes `n` units of `subject`'s `max` per window (a company's mail recipients per
 * hour), all or none: a request that does not fit takes nothing and is answered with what is left
 * and when the window ends. The row is updated in one statement, so concurrent requests (on any
 * API process) cannot both take the last units.
 */
export async function takeAllowance(
  deps: Pick<Deps, 'database'>,
  rule: { name: string; windowSec: number },
  subject: string,
  n: number,
  max: number,
): Promise<{ ok: true } | { ok: false; used: number; retryAfterSec: number }> {
  const key = `${rule.name}|${subject.trim().toLowerCase()}`;
  await deps.database.executeSql(
    `insert into rate_limits (key, window_started_at, hits) values ($1, now(), 0) on conflict (key) do nothing`,
    [key],
  );
  const current = `case when window_started_at > now() - make_interval(secs => $2) then hits else 0 end`;
  const taken = await deps.database.executeSql(
    `update rate_limits set
       hits = ${current} + $3,
       window_started_at = case when window_started_at > now() - make_interval(secs => $2) then window_started_at else now() end
     where key = $1 and ${current} + $3 <= $4
     returning hits`,
    [key, rule.windowSec, n, max],
  );
  if (taken.rows.length) return { ok: true };
  const r = await deps.database.executeSql(
    `select ${current} as used,
            ceil(extract(epoch from (window_started_at + make_interval(secs => $2) - now())))::int as retry
       from rate_limits where key = $1`,
    [key, rule.windowSec],
  );
  const row = r.rows[0] as { used: number; retry: number } | undefined;
  return { ok: false, used: row?.used ?? 0, retryAfterSec: Math.max(1, row?.retry ?? rule.windowSec) };
}

/** Windows older than a day are spent: their rows go (now and then, from takeHit). */
async function forgetOldWindows(deps: Deps): Promise<void> {
  await deps.db.execute(sql`delete from rate_limits where window_started_at < now() - interval '1 day'`);
}

/**
 * A security event (failed sign-in, throttling): one warn line with `security` naming the
 * event, for the log's alerting to pick up. Never a password or a token.
 */
export function securityEvent(deps: Pick<Deps, 'log'>, event: string, details: Record<string, unknown>): void {
  deps.log.warn({ security: event, ...details }, `security: ${event}`);
}
