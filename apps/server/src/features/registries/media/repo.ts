import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { aziende, media, utenti } from '../../../platform/db/schema.js';
import { storageUsage } from '../../../platform/db/schema-media.js';

export type MediaRow = typeof media.$inferSelect;

export async function findMedia(db: DbOrTx, aziendaId: string, id: string) {
  const rows = await db
    .select()
    .from(media)
    .where(and(eq(media.aziendaId, aziendaId), eq(media.id, id)));
  return rows[0];
}

export async function mediaOfOwner(db: DbOrTx, aziendaId: string, section: string, ownerId: string) {
  return db
    .select()
    .from(media)
    .where(and(eq(media.aziendaId, aziendaId), eq(media.section, section), eq(media.ownerId, ownerId)))
    .orderBy(desc(media.createdAt), asc(media.id));
}

export async function insertMedia(db: DbOrTx, v: typeof media.$inferInsert) {
  const [row] = await db.insert(media).values(v).returning();
  return row!;
}

export async function updateMedia(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  v: { filename?: string; descrizione?: string | null },
) {
  const [row] = await db
    .update(media)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(media.aziendaId, aziendaId), eq(media.id, id)))
    .returning();
  return row;
}

export async function deleteMedia(db: DbOrTx, aziendaId: string, id: string) {
  await db.delete(media).where(and(eq(media.aziendaId, aziendaId), eq(media.id, id)));
}

/** Deletes the files of these owners of a section, answering their storage keys (the trigger frees their bytes). */
export async function deleteMediaOfOwners(db: DbOrTx, aziendaId: string, section: string, ownerIds: string[]) {
  if (!ownerIds.length) return [];
  const rows = await db
    .delete(media)
    .where(and(eq(media.aziendaId, aziendaId), eq(media.section, section), inArray(media.ownerId, ownerIds)))
    .returning({ storageKey: media.storageKey });
  return rows.map((r) => r.storageKey);
}

/* ---------- storage usage (the trigger of migration 0007 keeps used_bytes) ---------- */

/**
 * The company's usage row, created when missing and locked for the rest of
 * the transaction: uploads of one company check the quota one at a time.
 */
export async function lockUsage(db: DbOrTx, aziendaId: string) {
  await db.insert(storageUsage).values({ aziendaId, usedBytes: 0 }).onConflictDoNothing();
  const [row] = await db.select().from(storageUsage).where(eq(storageUsage.aziendaId, aziendaId)).for('update');
  return row!;
}

export async function findUsage(db: DbOrTx, aziendaId: string) {
  const [row] = await db.select().from(storageUsage).where(eq(storageUsage.aziendaId, aziendaId));
  return row;
}

export async function setUsage(db: DbOrTx, aziendaId: string, usedBytes: number) {
  await db
    .update(storageUsage)
    .set({ usedBytes, recalculatedAt: new Date(), updatedAt: new Date() })
    .where(eq(storageUsage.aziendaId, aziendaId));
}

export async function usageBySection(db: DbOrTx, aziendaId: string) {
  return db
    .select({
      section: media.section,
      files: sql<number>`count(*)::int`,
      bytes: sql<string>`coalesce(sum(${media.size}), 0)::text`,
    })
    .from(media)
    .where(eq(media.aziendaId, aziendaId))
    .groupBy(media.section)
    .orderBy(media.section);
}

export async function mediaKeysAndSizes(db: DbOrTx, aziendaId: string) {
  return db
    .select({ id: media.id, storageKey: media.storageKey, size: media.size })
    .from(media)
    .where(eq(media.aziendaId, aziendaId));
}

export async function allCompanyIds(db: DbOrTx): Promise<string[]> {
  return (await db.select({ id: aziende.id }).from(aziende).orderBy(aziende.id)).map((r) => r.id);
}

/* ---------- owners ---------- */

export async function findUserRole(db: DbOrTx, aziendaId: string, userId: string) {
  const rows = await db
    .select({ id: utenti.id, role: utenti.role })
    .from(utenti)
    .where(and(eq(utenti.aziendaId, aziendaId), eq(utenti.id, userId)));
  return rows[0];
}

export async function setUserPhoto(db: DbOrTx, aziendaId: string, userId: string, mediaId: string | null) {
  await db
    .update(utenti)
    .set({ mediaId })
    .where(and(eq(utenti.aziendaId, aziendaId), eq(utenti.id, userId)));
}

/** A machine of the company (table of the machines feature, migration 0005). */
export async function machineExists(db: DbOrTx, aziendaId: string, machineId: string): Promise<boolean> {
  const r = await db.execute(
    sql`select 1 from macchinari where azienda_id = ${aziendaId} and id = ${machineId} limit 1`,
  );
  return r.rows.length > 0;
}

/** A contract of the company (table of the contracts feature, migration 0011). */
export async function contractExists(db: DbOrTx, aziendaId: string, id: string): Promise<boolean> {
  const r = await db.execute(sql`select 1 from contratti where azienda_id = ${aziendaId} and id = ${id} limit 1`);
  return r.rows.length > 0;
}

/** Tables that own files (the media row's owner_id is one of their ids). */
const OWNER_TABLES = {
  utenti: sql.raw('utenti'),
  macchinari: sql.raw('macchinari'),
  rapportini: sql.raw('rapportini'),
  contratti: sql.raw('contratti'),
} as const;
export type OwnerTable = keyof typeof OWNER_TABLES;

/**
 * Locks the owner's row for the rest of the transaction that records a file of it (issue 22): FOR SHARE
 * (a deletion of the owner waits for the file's commit, and then deletes the file with it), or FOR NO
 * KEY UPDATE when the transaction updates the row itself (the user's photo). Undefined when the owner
 * is gone; `completato` for a report.
 */
export async function lockOwnerRow(
  db: DbOrTx,
  table: OwnerTable,
  aziendaId: string,
  id: string,
  mode: 'share' | 'update' = 'share',
): Promise<{ completato: boolean } | undefined> {
  const lock = mode === 'share' ? sql`for share` : sql`for no key update`;
  const completato = table === 'rapportini' ? sql`completato` : sql`false`;
  const r = await db.execute(
    sql`select ${completato} as completato from ${OWNER_TABLES[table]} where azienda_id = ${aziendaId} and id = ${id} ${lock}`,
  );
  const row = r.rows[0] as { completato: boolean } | undefined;
  return row && { completato: !!row.completato };
}

/**
 * Files whose owner no longer exists (rows of a deletion that raced an upload before issue 22, or
 * written by hand): deleted, answering their keys (the trigger records their objects' removal, the
 * usage trigger frees their bytes). Sections of other owners (the company's logo) are left alone.
 */
export async function deleteOwnerlessMedia(db: DbOrTx, aziendaId: string): Promise<string[]> {
  const missing = (table: OwnerTable) =>
    sql`not exists (select 1 from ${OWNER_TABLES[table]} o where o.azienda_id = m.azienda_id and o.id::text = m.owner_id)`;
  const r = await db.execute(
    sql`delete from media m where m.azienda_id = ${aziendaId} and (
          (m.section = 'utente' and ${missing('utenti')})
       or (m.section = 'macchinario' and ${missing('macchinari')})
       or (m.section in ('rapportino', 'rapportino-pdf') and ${missing('rapportini')})
       or (m.section = 'contratto' and ${missing('contratti')}))
        returning m.storage_key`,
  );
  return (r.rows as { storage_key: string }[]).map((x) => x.storage_key);
}

/** A work report of the company, and whether `userId` is assigned to it. */
export async function reportOf(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  userId: string,
): Promise<{ assigned: boolean; completato: boolean } | undefined> {
  const r = await db.execute(
    sql`select r.completato, exists (select 1 from rapportini_tecnici t where t.azienda_id = r.azienda_id and t.rapportino_id = r.id and t.utente_id = ${userId}) as assigned
          from rapportini r where r.azienda_id = ${aziendaId} and r.id = ${id}`,
  );
  const row = r.rows[0] as { assigned: boolean; completato: boolean } | undefined;
  return row ? { assigned: !!row.assigned, completato: !!row.completato } : undefined;
}

/** The media row holding a report's signature (migration 0022), if it is signed. */
export async function reportSignatureMedia(db: DbOrTx, aziendaId: string, reportId: string): Promise<string | null> {
  const r = await db.execute(
    sql`select firma_media_id from rapportini where azienda_id = ${aziendaId} and id = ${reportId}`,
  );
  return ((r.rows[0] as { firma_media_id: string | null } | undefined)?.firma_media_id ?? null) as string | null;
}

/** A report's signature removed with its file (the file deleted through the media endpoint). */
export async function clearReportSignature(db: DbOrTx, aziendaId: string, reportId: string, mediaId: string) {
  await db.execute(
    sql`update rapportini set firma_media_id = null, firma_firmatario = null, firma_at = null, firma_remoto = false, firma_ip = null
          where azienda_id = ${aziendaId} and id = ${reportId} and firma_media_id = ${mediaId}`,
  );
}
