import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { aziende, subscriptionItems, utenti } from '../../../platform/db/schema.js';
import { registrazioniToken } from '../../../platform/db/schema-registration.js';
import { vouchers } from '../../../platform/db/schema-subscription.js';

/*
 * Registration runs before any company or session exists, so two lookups here
 * are product-wide on purpose: whether an email is taken (emails are unique
 * across the product) and whether a VAT number is taken. Every other query
 * filters on the company the registration token names.
 */

/** A user anywhere whose email or username is this address (case-insensitive). */
export async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const e = email.toLowerCase();
  const rows = await db
    .select({ id: utenti.id })
    .from(utenti)
    .where(or(sql`lower(${utenti.email}) = ${e}`, sql`lower(${utenti.username}) = ${e}`))
    .limit(1);
  return rows.length > 0;
}

export async function pivaTaken(db: DbOrTx, piva: string): Promise<boolean> {
  const rows = await db.select({ id: aziende.id }).from(aziende).where(eq(aziende.partitaIva, piva)).limit(1);
  return rows.length > 0;
}

export type TokenKind = 'checkout' | 'promo';

export async function insertToken(db: DbOrTx, v: typeof registrazioniToken.$inferInsert) {
  await db.insert(registrazioniToken).values(v);
}

/** A live (unexpired, unused) token of a kind, by its hash. */
export async function findLiveToken(db: DbOrTx, kind: TokenKind, tokenHash: string, now: Date) {
  const rows = await db
    .select()
    .from(registrazioniToken)
    .where(
      and(
        eq(registrazioniToken.kind, kind),
        eq(registrazioniToken.tokenHash, tokenHash),
        isNull(registrazioniToken.usedAt),
        gt(registrazioniToken.expiresAt, now),
      ),
    );
  return rows[0];
}

/** Spends a token once: false when it was spent meanwhile. */
export async function spendToken(db: DbOrTx, aziendaId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(registrazioniToken)
    .set({ usedAt: now })
    .where(
      and(
        eq(registrazioniToken.aziendaId, aziendaId),
        eq(registrazioniToken.id, id),
        isNull(registrazioniToken.usedAt),
      ),
    )
    .returning({ id: registrazioniToken.id });
  return rows.length > 0;
}

export async function findCompany(db: DbOrTx, aziendaId: string) {
  const rows = await db.select().from(aziende).where(eq(aziende.id, aziendaId));
  return rows[0];
}

export async function findItems(db: DbOrTx, aziendaId: string) {
  return db
    .select({ type: subscriptionItems.type, quantity: subscriptionItems.quantity })
    .from(subscriptionItems)
    .where(eq(subscriptionItems.aziendaId, aziendaId));
}

export async function updateCompany(db: DbOrTx, aziendaId: string, patch: Partial<typeof aziende.$inferInsert>) {
  await db.update(aziende).set(patch).where(eq(aziende.id, aziendaId));
}

/** Extra free-trial days a voucher grants to a promo registration (null: none). */
export async function voucherTrialDays(db: DbOrTx, code: string): Promise<number> {
  const rows = await db
    .select({ trialDays: vouchers.trialDays })
    .from(vouchers)
    .where(eq(vouchers.code, code.trim().toUpperCase()));
  return rows[0]?.trialDays ?? 0;
}
