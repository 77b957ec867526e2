import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { aziende, loginFailures, loginNonces, utenti } from '../../../platform/db/schema.js';

export async function findCompanyByPiva(db: Db, piva: string) {
  const rows = await db.select().from(aziende).where(eq(aziende.partitaIva, piva));
  return rows[0];
}

export async function findUserByUsername(db: Db, aziendaId: string, username: string) {
  const rows = await db
    .select()
    .from(utenti)
    .where(and(eq(utenti.aziendaId, aziendaId), sql`lower(${utenti.username}) = lower(${username})`));
  return rows[0];
}

export async function getFailures(db: Db, key: string) {
  const rows = await db.select().from(loginFailures).where(eq(loginFailures.key, key));
  return rows[0];
}

/**
 * Counts one more failure in the current window (a new window when the last
 * one is older than `windowMin`); locks the key once `maxFailures` is reached.
 */
export async function recordFailure(db: Db, key: string, windowMin: number, maxFailures: number, lockMin: number) {
  const rows = await db
    .insert(loginFailures)
    .values({ key, failures: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${loginFailures.windowStartedAt} < now() - make_interval(mins => ${windowMin}) then 1 else ${loginFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginFailures.windowStartedAt} < now() - make_interval(mins => ${windowMin}) then now() else ${loginFailures.windowStartedAt} end`,
      },
    })
    .returning({ failures: loginFailures.failures });
  const failures = rows[0]!.failures;
  if (failures >= maxFailures) {
    await db
      .update(loginFailures)
      .set({ lockedUntil: sql`now() + make_interval(mins => ${lockMin})` })
      .where(eq(loginFailures.key, key));
  }
  return failures;
}

export async function clearFailures(db: Db, key: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

/** Records a start-header nonce; false when it was already seen (a replay). */
export async function rememberNonce(db: Db, nonce: string, expiresAt: Date): Promise<boolean> {
  await db.delete(loginNonces).where(lt(loginNonces.expiresAt, sql`now()`));
  const rows = await db
    .insert(loginNonces)
    .values({ nonce, expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: loginNonces.nonce });
  return rows.length === 1;
}
