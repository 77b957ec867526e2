import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { aziende, gruppi, subscriptionItems, utenti } from '../../../platform/db/schema.js';
import { accessOtps } from '../../../platform/db/schema-users.js';

export type UserRow = typeof utenti.$inferSelect;
export type UserWithGroup = { user: UserRow; gruppo: { id: string; name: string } | null };

const withGroup = { user: utenti, gruppo: { id: gruppi.id, name: gruppi.name } };

export async function listUsers(db: DbOrTx, aziendaId: string): Promise<UserWithGroup[]> {
  const rows = await db
    .select(withGroup)
    .from(utenti)
    .leftJoin(gruppi, and(eq(gruppi.id, utenti.gruppoId), eq(gruppi.aziendaId, utenti.aziendaId)))
    .where(eq(utenti.aziendaId, aziendaId))
    .orderBy(asc(utenti.ordine), asc(utenti.createdAt), asc(utenti.username));
  return rows.map((r) => ({ user: r.user, gruppo: r.gruppo?.id ? r.gruppo : null }));
}

export async function findUser(db: DbOrTx, aziendaId: string, id: string): Promise<UserWithGroup | undefined> {
  const rows = await db
    .select(withGroup)
    .from(utenti)
    .leftJoin(gruppi, and(eq(gruppi.id, utenti.gruppoId), eq(gruppi.aziendaId, utenti.aziendaId)))
    .where(and(eq(utenti.aziendaId, aziendaId), eq(utenti.id, id)));
  const r = rows[0];
  return r && { user: r.user, gruppo: r.gruppo?.id ? r.gruppo : null };
}

export async function subscriptionItemsOf(db: DbOrTx, aziendaId: string) {
  return db
    .select({ type: subscriptionItems.type, quantity: subscriptionItems.quantity })
    .from(subscriptionItems)
    .where(eq(subscriptionItems.aziendaId, aziendaId));
}

/** The company's default language and time zone: a new user's, unless chosen. */
export async function companyDefaults(db: DbOrTx, aziendaId: string) {
  const [row] = await db
    .select({ lingua: aziende.linguaDefault, timezone: aziende.timezone })
    .from(aziende)
    .where(eq(aziende.id, aziendaId));
  return row!;
}

export async function planOf(db: DbOrTx, aziendaId: string) {
  const rows = await db.select({ plan: aziende.subscriptionType }).from(aziende).where(eq(aziende.id, aziendaId));
  return rows[0]?.plan;
}

/** Technicians: active users with scheduleenabled Y (an admin may be one too). */
export async function countTechnicians(db: DbOrTx, aziendaId: string, exceptId?: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(utenti)
    .where(
      and(
        eq(utenti.aziendaId, aziendaId),
        eq(utenti.status, 'ACTIVE'),
        eq(utenti.scheduleenabled, 'Y'),
        exceptId ? ne(utenti.id, exceptId) : undefined,
      ),
    );
  return row!.n;
}

export async function countActiveAdmins(db: DbOrTx, aziendaId: string, exceptId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(utenti)
    .where(
      and(
        eq(utenti.aziendaId, aziendaId),
        eq(utenti.status, 'ACTIVE'),
        eq(utenti.role, 'admin'),
        ne(utenti.id, exceptId),
      ),
    );
  return row!.n;
}

export async function findByUsername(db: DbOrTx, aziendaId: string, username: string) {
  const rows = await db
    .select({ id: utenti.id })
    .from(utenti)
    .where(and(eq(utenti.aziendaId, aziendaId), sql`lower(${utenti.username}) = lower(${username})`));
  return rows[0];
}

/** Emails are unique across the product (case-insensitive): the other holder, of any company. */
export async function findByEmail(db: DbOrTx, email: string) {
  const rows = await db
    .select({ id: utenti.id })
    .from(utenti)
    .where(sql`lower(${utenti.email}) = lower(${email})`);
  return rows[0];
}

export async function nextOrdine(db: DbOrTx, aziendaId: string) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${utenti.ordine}), 0)::int + 1` })
    .from(utenti)
    .where(eq(utenti.aziendaId, aziendaId));
  return row!.n;
}

export async function insertUser(db: DbOrTx, v: typeof utenti.$inferInsert) {
  const [row] = await db.insert(utenti).values(v).returning({ id: utenti.id });
  return row!.id;
}

export async function updateUser(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  patch: Partial<typeof utenti.$inferInsert>,
) {
  await db
    .update(utenti)
    .set(patch)
    .where(and(eq(utenti.aziendaId, aziendaId), eq(utenti.id, id)));
}

/** Numbers the company's users 1..n in their current order, so two equal positions can be swapped. */
export async function renumber(db: DbOrTx, aziendaId: string) {
  await db.execute(sql`
    update utenti u set ordine = r.n from (
      select id, row_number() over (order by ordine, created_at, username) as n from utenti where azienda_id = ${aziendaId}
    ) r where u.id = r.id and u.azienda_id = ${aziendaId}`);
}

export async function ordineOf(db: DbOrTx, aziendaId: string, ids: string[]) {
  return db
    .select({ id: utenti.id, ordine: utenti.ordine })
    .from(utenti)
    .where(and(eq(utenti.aziendaId, aziendaId), inArray(utenti.id, ids)));
}

/* ---------- one-time app-access codes ---------- */

export async function insertOtp(db: DbOrTx, v: typeof accessOtps.$inferInsert) {
  await db.insert(accessOtps).values(v);
}

/** Spends a code: answers its row only when it was unused and not expired (one atomic update). */
export async function consumeOtp(db: DbOrTx, codeHash: string, now: Date) {
  const rows = await db
    .update(accessOtps)
    .set({ usedAt: now })
    .where(and(eq(accessOtps.codeHash, codeHash), isNull(accessOtps.usedAt), gt(accessOtps.expiresAt, now)))
    .returning({ aziendaId: accessOtps.aziendaId, utenteId: accessOtps.utenteId });
  return rows[0];
}

/** Earlier unused codes of the user stop working when a new one is made. */
export async function expireUserOtps(db: DbOrTx, aziendaId: string, userId: string) {
  await db
    .update(accessOtps)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accessOtps.aziendaId, aziendaId), eq(accessOtps.utenteId, userId), isNull(accessOtps.usedAt)));
}
