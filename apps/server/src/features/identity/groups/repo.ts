import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { gruppi, utenti } from '../../../platform/db/schema.js';

export type GroupRow = typeof gruppi.$inferSelect;
const member = {
  id: utenti.id,
  name: utenti.name,
  surname: utenti.surname,
  username: utenti.username,
  gruppoId: utenti.gruppoId,
};

export async function listGroups(db: DbOrTx, aziendaId: string) {
  return db
    .select()
    .from(gruppi)
    .where(eq(gruppi.aziendaId, aziendaId))
    .orderBy(asc(sql`lower(${gruppi.name})`));
}

export async function findGroup(db: DbOrTx, aziendaId: string, id: string) {
  const rows = await db
    .select()
    .from(gruppi)
    .where(and(eq(gruppi.aziendaId, aziendaId), eq(gruppi.id, id)));
  return rows[0];
}

export async function findGroupByName(db: DbOrTx, aziendaId: string, name: string) {
  const rows = await db
    .select({ id: gruppi.id })
    .from(gruppi)
    .where(and(eq(gruppi.aziendaId, aziendaId), sql`lower(${gruppi.name}) = lower(${name})`));
  return rows[0];
}

/** Members of the company's groups (one group's when `groupId` is given). */
export async function membersOf(db: DbOrTx, aziendaId: string, groupId?: string) {
  return db
    .select(member)
    .from(utenti)
    .where(
      and(
        eq(utenti.aziendaId, aziendaId),
        groupId ? eq(utenti.gruppoId, groupId) : sql`${utenti.gruppoId} is not null`,
      ),
    )
    .orderBy(asc(utenti.ordine), asc(utenti.username));
}

export async function usersByIds(db: DbOrTx, aziendaId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ ...member, role: utenti.role })
    .from(utenti)
    .where(and(eq(utenti.aziendaId, aziendaId), inArray(utenti.id, ids)));
}

export async function insertGroup(db: DbOrTx, v: typeof gruppi.$inferInsert) {
  const [row] = await db.insert(gruppi).values(v).returning();
  return row!;
}

export async function updateGroup(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  patch: Partial<typeof gruppi.$inferInsert>,
) {
  await db
    .update(gruppi)
    .set(patch)
    .where(and(eq(gruppi.aziendaId, aziendaId), eq(gruppi.id, id)));
}

export async function deleteGroup(db: DbOrTx, aziendaId: string, id: string) {
  await db.delete(gruppi).where(and(eq(gruppi.aziendaId, aziendaId), eq(gruppi.id, id)));
}

/**
 * Makes `memberIds` the group's members: others leave it. Everyone who was or
 * becomes a member gets a new permissions timestamp, so `lastUpdate` moves.
 */
export async function setMembers(db: DbOrTx, aziendaId: string, groupId: string, memberIds: string[]) {
  const now = new Date();
  await db
    .update(utenti)
    .set({ gruppoId: null, permissionsUpdatedAt: now })
    .where(and(eq(utenti.aziendaId, aziendaId), eq(utenti.gruppoId, groupId)));
  if (memberIds.length) {
    await db
      .update(utenti)
      .set({ gruppoId: groupId, permissionsUpdatedAt: now })
      .where(and(eq(utenti.aziendaId, aziendaId), inArray(utenti.id, memberIds)));
  }
}

/** Before a group is deleted: its members lose it (and their permissions change). */
export async function releaseMembers(db: DbOrTx, aziendaId: string, groupId: string) {
  await db
    .update(utenti)
    .set({ gruppoId: null, permissionsUpdatedAt: new Date() })
    .where(and(eq(utenti.aziendaId, aziendaId), eq(utenti.gruppoId, groupId)));
}
