import { and, eq, sql } from 'drizzle-orm';
import { LIMITS } from '@fs/contract';
import type { DbOrTx } from './db/client.js';
import { aziende, subscriptionItems } from './db/schema.js';
import { AppError } from './errors.js';

/**
 * Plan limits in one place: the company lock every limit check takes, the allowance of each
 * slot type and the check itself. Customers, articles, users (licences), the CSV import and
 * media (storage) all go through here, so a manual save and an import count the same way.
 */

/** What a subscription item buys: technician licences, or more room for records or files. */
export type SlotType = 'customers' | 'items' | 'storage';
/** The record kinds a plan limits by slots. */
export type RecordKind = 'customers' | 'items';

/**
 * The row lock on the company that serialises limit checks (licences, the last admin, records):
 * two saves of one company that both want the last place wait for each other. Call inside the
 * write's transaction; answers the company's plan, or undefined when the company does not exist.
 */
export async function lockCompany(tx: DbOrTx, aziendaId: string) {
  const rows = await tx
    .select({ id: aziende.id, subscriptionType: aziende.subscriptionType })
    .from(aziende)
    .where(eq(aziende.id, aziendaId))
    .for('update');
  return rows[0];
}

/** Purchased slots of one type (the sum of the company's subscription items of that type). */
export async function purchasedSlots(db: DbOrTx, aziendaId: string, type: SlotType): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${subscriptionItems.quantity}), 0)::int` })
    .from(subscriptionItems)
    .where(and(eq(subscriptionItems.aziendaId, aziendaId), eq(subscriptionItems.type, type)));
  return row?.n ?? 0;
}

const PER_SLOT: Record<RecordKind, number> = { customers: LIMITS.customersPerSlot, items: LIMITS.itemsPerSlot };
const NOUN: Record<RecordKind, string> = { customers: 'clienti', items: 'articoli' };

/** Records of a kind the company may hold: one slot in every plan plus the purchased ones. */
export async function recordAllowance(db: DbOrTx, aziendaId: string, kind: RecordKind): Promise<number> {
  return (1 + (await purchasedSlots(db, aziendaId, kind))) * PER_SLOT[kind];
}

/** Bytes the company may store: the included space plus 5 GB per purchased storage slot. */
export async function storageAllowance(db: DbOrTx, aziendaId: string): Promise<number> {
  return LIMITS.storageIncludedBytes + (await purchasedSlots(db, aziendaId, 'storage')) * LIMITS.storageSlotBytes;
}

/**
 * The records rule (spec alerts 0006 and 0013), for a company that holds `used` records of a kind
 * and may hold `allowed`: while it holds MORE than allowed (slots given up, a plan change) any
 * save answers 0013 — master data is frozen until records are deleted or a slot is bought;
 * `adding` new records that would pass the limit answer 0006. `adding` 0 checks an update.
 */
export function assertRoom(kind: RecordKind, used: number, allowed: number, adding: number): void {
  const noun = NOUN[kind];
  if (used > allowed) {
    throw new AppError('0013', `Raggiunto il massimo di anagrafiche: ${used} ${noun} su ${allowed} consentiti`);
  }
  if (adding > 0 && used + adding > allowed) {
    const left = allowed - used;
    throw new AppError(
      '0006',
      `Raggiunto il limite di nuovi ${noun} (${allowed}${left > 0 ? `, ne restano ${left}` : ''})`,
    );
  }
}
