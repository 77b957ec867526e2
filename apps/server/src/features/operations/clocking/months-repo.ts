import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { utenti } from '../../../platform/db/schema.js';
import { timbrature, timbratureApprovazioni as approvals } from '../../../platform/db/schema-clocking.js';

/** Month approvals in force (not unlocked): who approved a technician's month and when. */

/** The months (first days) among `months` approved for the technician. */
export async function approvedAmong(db: DbOrTx, aziendaId: string, utenteId: string, months: string[]) {
  if (months.length === 0) return new Set<string>();
  const rows = await db
    .select({ mese: approvals.mese })
    .from(approvals)
    .where(
      and(
        eq(approvals.aziendaId, aziendaId),
        eq(approvals.utenteId, utenteId),
        inArray(approvals.mese, months),
        isNull(approvals.sbloccatoIl),
      ),
    );
  return new Set(rows.map((r) => r.mese));
}

/** The approvals in force of the months from `first` to `last` (first days), one technician's or all. */
export async function approvalsBetween(
  db: DbOrTx,
  aziendaId: string,
  first: string,
  last: string,
  utenteId: string | null,
) {
  return db
    .select({
      id: approvals.id,
      utenteId: approvals.utenteId,
      mese: approvals.mese,
      approvatoIl: approvals.approvatoIl,
      byId: utenti.id,
      name: utenti.name,
      surname: utenti.surname,
      username: utenti.username,
    })
    .from(approvals)
    .leftJoin(utenti, and(eq(utenti.aziendaId, approvals.aziendaId), eq(utenti.id, approvals.approvatoDa)))
    .where(
      and(
        eq(approvals.aziendaId, aziendaId),
        gte(approvals.mese, first),
        lte(approvals.mese, last),
        isNull(approvals.sbloccatoIl),
        utenteId ? eq(approvals.utenteId, utenteId) : undefined,
      ),
    )
    .orderBy(asc(approvals.utenteId), asc(approvals.mese));
}
export type ApprovalRow = Awaited<ReturnType<typeof approvalsBetween>>[number];

/** Approves the month (a no-op when it is approved already); answers the approval's id. */
export async function approve(db: DbOrTx, aziendaId: string, utenteId: string, mese: string, by: string | null) {
  const [row] = await db
    .insert(approvals)
    .values({ aziendaId, utenteId, mese, approvatoDa: by })
    .onConflictDoNothing()
    .returning({ id: approvals.id });
  return row?.id ?? null;
}

/** Unlocks the month's approval in force, if any. */
export async function unlock(db: DbOrTx, aziendaId: string, utenteId: string, mese: string, by: string | null) {
  await db
    .update(approvals)
    .set({ sbloccatoDa: by, sbloccatoIl: sql`now()` })
    .where(
      and(
        eq(approvals.aziendaId, aziendaId),
        eq(approvals.utenteId, utenteId),
        eq(approvals.mese, mese),
        isNull(approvals.sbloccatoIl),
      ),
    );
}

/** Whether the technician has an open interval on a day of [from, to]. */
export async function openBetween(db: DbOrTx, aziendaId: string, utenteId: string, from: string, to: string) {
  const rows = await db
    .select({ id: timbrature.id })
    .from(timbrature)
    .where(
      and(
        eq(timbrature.aziendaId, aziendaId),
        eq(timbrature.utenteId, utenteId),
        eq(timbrature.aperta, true),
        gte(timbrature.giorno, from),
        lte(timbrature.giorno, to),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
