import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { utenti } from '../../../platform/db/schema.js';
import { ssoAttempts } from '../../../platform/db/schema-sso.js';

/*
 * Not company-scoped: an SSO attempt exists before anyone is signed in, and the
 * user is found by email, which is unique across the product (utenti_email_uq).
 */

export async function insertAttempt(db: Db, a: typeof ssoAttempts.$inferInsert) {
  await db.delete(ssoAttempts).where(lt(ssoAttempts.expiresAt, sql`now()`));
  await db.insert(ssoAttempts).values(a);
}

/** Takes an unexpired attempt of this device, once: a second call finds nothing. */
export async function takeAttempt(db: Db, handleHash: string, deviceId: string) {
  const rows = await db
    .delete(ssoAttempts)
    .where(
      and(
        eq(ssoAttempts.handleHash, handleHash),
        eq(ssoAttempts.deviceId, deviceId),
        gt(ssoAttempts.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return rows[0];
}

export async function findUserByEmail(db: Db, email: string) {
  const rows = await db
    .select({ id: utenti.id, aziendaId: utenti.aziendaId, status: utenti.status })
    .from(utenti)
    .where(sql`lower(${utenti.email}) = lower(${email})`);
  return rows[0];
}
