import { and, desc, eq, sql } from 'drizzle-orm';
import type { BreakListEntry } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import { aziende, media, subscriptionItems, utenti } from '../../../platform/db/schema.js';
import {
  subscriptionCards,
  subscriptionPayments,
  voucherRedemptions,
  vouchers,
  type PaymentStatus,
} from '../../../platform/db/schema-subscription.js';

export type CompanyRow = typeof aziende.$inferSelect;
export type PaymentRow = typeof subscriptionPayments.$inferSelect;
export type VoucherRow = typeof vouchers.$inferSelect;

export async function findCompany(db: DbOrTx, aziendaId: string, forUpdate = false) {
  const q = db.select().from(aziende).where(eq(aziende.id, aziendaId));
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0];
}

export async function updateCompany(db: DbOrTx, aziendaId: string, patch: Partial<typeof aziende.$inferInsert>) {
  await db.update(aziende).set(patch).where(eq(aziende.id, aziendaId));
}

export async function items(db: DbOrTx, aziendaId: string): Promise<BreakListEntry[]> {
  const rows = await db
    .select({ type: subscriptionItems.type, quantity: subscriptionItems.quantity })
    .from(subscriptionItems)
    .where(eq(subscriptionItems.aziendaId, aziendaId))
    .orderBy(subscriptionItems.type);
  return rows as BreakListEntry[];
}

/** Licences in use: active users who can be scheduled (scheduleenabled Y). */
export async function usedLicences(db: DbOrTx, aziendaId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(utenti)
    .where(and(eq(utenti.aziendaId, aziendaId), eq(utenti.status, 'ACTIVE'), eq(utenti.scheduleenabled, 'Y')));
  return r?.n ?? 0;
}

export async function storageUsed(db: DbOrTx, aziendaId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<string>`coalesce(sum(${media.size}), 0)::text` })
    .from(media)
    .where(eq(media.aziendaId, aziendaId));
  return Number(r?.n ?? 0);
}

export async function addItems(db: DbOrTx, aziendaId: string, add: BreakListEntry[]) {
  for (const i of add) {
    await db
      .insert(subscriptionItems)
      .values({ aziendaId, type: i.type, quantity: i.quantity })
      .onConflictDoUpdate({
        target: [subscriptionItems.aziendaId, subscriptionItems.type],
        set: { quantity: sql`${subscriptionItems.quantity} + excluded.quantity` },
      });
  }
}

export async function replaceItems(db: DbOrTx, aziendaId: string, composition: BreakListEntry[]) {
  await db.delete(subscriptionItems).where(eq(subscriptionItems.aziendaId, aziendaId));
  if (composition.length) {
    await db
      .insert(subscriptionItems)
      .values(composition.map((i) => ({ aziendaId, type: i.type, quantity: i.quantity })));
  }
}

export async function findCard(db: DbOrTx, aziendaId: string) {
  const rows = await db.select().from(subscriptionCards).where(eq(subscriptionCards.aziendaId, aziendaId));
  return rows[0];
}

export async function saveCard(
  db: DbOrTx,
  aziendaId: string,
  c: { last4: string; brand: string; exp_month: number; exp_year: number },
) {
  const v = { last4: c.last4, brand: c.brand, expMonth: c.exp_month, expYear: c.exp_year, updatedAt: new Date() };
  await db
    .insert(subscriptionCards)
    .values({ aziendaId, ...v })
    .onConflictDoUpdate({ target: subscriptionCards.aziendaId, set: v });
}

export async function insertPayment(db: DbOrTx, v: typeof subscriptionPayments.$inferInsert) {
  const [row] = await db.insert(subscriptionPayments).values(v).returning();
  return row!;
}

export async function findPaymentByChallenge(db: DbOrTx, aziendaId: string, challengeId: string) {
  const rows = await db
    .select()
    .from(subscriptionPayments)
    .where(and(eq(subscriptionPayments.aziendaId, aziendaId), eq(subscriptionPayments.challengeId, challengeId)));
  return rows[0];
}

/** Moves a payment on from an expected status; answers undefined when it was not in that status. */
export async function settlePayment(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  from: PaymentStatus,
  patch: Partial<typeof subscriptionPayments.$inferInsert>,
) {
  const rows = await db
    .update(subscriptionPayments)
    .set(patch)
    .where(
      and(
        eq(subscriptionPayments.aziendaId, aziendaId),
        eq(subscriptionPayments.id, id),
        eq(subscriptionPayments.status, from),
      ),
    )
    .returning();
  return rows[0];
}

export async function latestPendingTransfer(db: DbOrTx, aziendaId: string) {
  const rows = await db
    .select()
    .from(subscriptionPayments)
    .where(and(eq(subscriptionPayments.aziendaId, aziendaId), eq(subscriptionPayments.status, 'pending_transfer')))
    .orderBy(desc(subscriptionPayments.createdAt))
    .limit(1);
  return rows[0];
}

/* ---- vouchers (product-wide codes; redemptions are per company) ---- */

export async function findVoucher(db: DbOrTx, code: string) {
  const rows = await db.select().from(vouchers).where(eq(vouchers.code, code.toUpperCase()));
  return rows[0];
}

export async function redeemedBy(db: DbOrTx, aziendaId: string, voucherId: string): Promise<boolean> {
  const rows = await db
    .select({ id: voucherRedemptions.id })
    .from(voucherRedemptions)
    .where(and(eq(voucherRedemptions.aziendaId, aziendaId), eq(voucherRedemptions.voucherId, voucherId)));
  return rows.length > 0;
}

/** Counts one use if the cap allows it; answers false when the cap is reached. */
export async function redeem(db: DbOrTx, aziendaId: string, voucherId: string, paymentId: string): Promise<boolean> {
  const rows = await db
    .update(vouchers)
    .set({ redemptions: sql`${vouchers.redemptions} + 1` })
    .where(
      and(
        eq(vouchers.id, voucherId),
        sql`(${vouchers.maxRedemptions} is null or ${vouchers.redemptions} < ${vouchers.maxRedemptions})`,
      ),
    )
    .returning({ id: vouchers.id });
  if (!rows.length) return false;
  const inserted = await db
    .insert(voucherRedemptions)
    .values({ voucherId, aziendaId, paymentId })
    .onConflictDoNothing()
    .returning({ id: voucherRedemptions.id });
  return inserted.length > 0;
}

export async function insertVoucher(db: DbOrTx, v: typeof vouchers.$inferInsert) {
  await db.insert(vouchers).values(v).onConflictDoNothing();
}
