import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import {
  appuntamenti as a,
  appuntamentiMacchinari,
  appuntamentiTecnici,
} from '../../../platform/db/schema-schedule.js';

/** The appointment of a report (decision 0040): its writes from the report's side. Every query filters on the company. */

async function withTechnicians(tx: DbOrTx, aziendaId: string, row: typeof a.$inferSelect | undefined) {
  if (!row) return undefined;
  const tecnici = await tx
    .select({ id: appuntamentiTecnici.utenteId })
    .from(appuntamentiTecnici)
    .where(and(eq(appuntamentiTecnici.aziendaId, aziendaId), eq(appuntamentiTecnici.appuntamentoId, row.id)));
  return { ...row, tecnici: tecnici.map((t) => t.id) };
}

/** The report's appointment, locked (at most one: appuntamenti_rapportino_uq). */
export async function lockOfReport(tx: DbOrTx, aziendaId: string, rapportinoId: string) {
  const [r] = await tx
    .select()
    .from(a)
    .where(and(eq(a.aziendaId, aziendaId), eq(a.rapportinoId, rapportinoId)))
    .for('update');
  return withTechnicians(tx, aziendaId, r);
}

/** An appointment planned for an activity occurrence that leads to no report yet, locked. */
export async function lockUnlinkedOfOccurrence(tx: DbOrTx, aziendaId: string, attivitaDataId: string) {
  const [r] = await tx
    .select()
    .from(a)
    .where(and(eq(a.aziendaId, aziendaId), eq(a.attivitaDataId, attivitaDataId), isNull(a.rapportinoId)))
    .orderBy(a.createdAt)
    .limit(1)
    .for('update');
  return withTechnicians(tx, aziendaId, r);
}

/** The appointment linking a report, other than `exceptId` (the planner links a report to one appointment only). */
export async function otherOfReport(tx: DbOrTx, aziendaId: string, rapportinoId: string, exceptId?: string) {
  const rows = await tx
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.aziendaId, aziendaId), eq(a.rapportinoId, rapportinoId)));
  return rows.find((r) => r.id !== exceptId);
}

/** The start copied onto the technicians' links (the technician filter's index). */
export async function setLinksStart(tx: DbOrTx, aziendaId: string, id: string, inizio: Date | null) {
  await tx
    .update(appuntamentiTecnici)
    .set({ inizio })
    .where(and(eq(appuntamentiTecnici.aziendaId, aziendaId), eq(appuntamentiTecnici.appuntamentoId, id)));
}

export async function setTechnicians(
  tx: DbOrTx,
  aziendaId: string,
  id: string,
  tecnici: string[],
  inizio: Date | null,
): Promise<void> {
  await tx
    .delete(appuntamentiTecnici)
    .where(and(eq(appuntamentiTecnici.aziendaId, aziendaId), eq(appuntamentiTecnici.appuntamentoId, id)));
  if (tecnici.length) {
    await tx
      .insert(appuntamentiTecnici)
      .values(tecnici.map((utenteId) => ({ aziendaId, appuntamentoId: id, utenteId, inizio })));
  }
}

export async function setMachines(tx: DbOrTx, aziendaId: string, id: string, macchinariIds: string[]): Promise<void> {
  await tx
    .delete(appuntamentiMacchinari)
    .where(and(eq(appuntamentiMacchinari.aziendaId, aziendaId), eq(appuntamentiMacchinari.appuntamentoId, id)));
  if (macchinariIds.length) {
    await tx
      .insert(appuntamentiMacchinari)
      .values(macchinariIds.map((macchinarioId) => ({ aziendaId, appuntamentoId: id, macchinarioId })));
  }
}
