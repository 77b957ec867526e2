import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { rapportini } from '../../../platform/db/schema-contracts.js';
import { rapportiniMailLog } from '../../../platform/db/schema-reports.js';

export type MailLogRow = typeof rapportiniMailLog.$inferSelect;

export async function insertMailLog(
  db: DbOrTx,
  row: {
    aziendaId: string;
    rapportinoId: string;
    destinatari: string[];
    oggetto: string;
    createdBy: string | null;
    tipo?: 'rapportino' | 'link_firma';
    messaggio?: string | null;
  },
): Promise<MailLogRow> {
  const [r] = await db.insert(rapportiniMailLog).values(row).returning();
  return r!;
}

/** The report's sendings, newest first. */
export function listMailLog(db: DbOrTx, aziendaId: string, rapportinoId: string): Promise<MailLogRow[]> {
  return db
    .select()
    .from(rapportiniMailLog)
    .where(and(eq(rapportiniMailLog.aziendaId, aziendaId), eq(rapportiniMailLog.rapportinoId, rapportinoId)))
    .orderBy(desc(rapportiniMailLog.createdAt), desc(rapportiniMailLog.id));
}

/**
 * Claims a sending still in_coda for one attempt (the attempts counted); undefined when it is not
 * in_coda any more (sent or given up): the job then sends nothing.
 */
export async function claimMailLog(db: DbOrTx, aziendaId: string, id: string): Promise<MailLogRow | undefined> {
  const [r] = await db
    .update(rapportiniMailLog)
    .set({ tentativi: sql`${rapportiniMailLog.tentativi} + 1` })
    .where(
      and(
        eq(rapportiniMailLog.aziendaId, aziendaId),
        eq(rapportiniMailLog.id, id),
        eq(rapportiniMailLog.stato, 'in_coda'),
      ),
    )
    .returning();
  return r;
}

/** The mail went: the row inviato with the time, the report's inviato flag set (for the report's PDF). */
export async function markSent(db: DbOrTx, row: MailLogRow, at: Date): Promise<void> {
  await db
    .update(rapportiniMailLog)
    .set({ stato: 'inviato', inviatoAt: at, errore: null })
    .where(and(eq(rapportiniMailLog.aziendaId, row.aziendaId), eq(rapportiniMailLog.id, row.id)));
  if (row.tipo !== 'rapportino') return;
  await db
    .update(rapportini)
    .set({ inviato: true })
    .where(and(eq(rapportini.aziendaId, row.aziendaId), eq(rapportini.id, row.rapportinoId)));
}

/** An attempt failed: its error kept; `last` gives up (errore). */
export async function markFailed(db: DbOrTx, row: MailLogRow, errore: string, last: boolean): Promise<void> {
  await db
    .update(rapportiniMailLog)
    .set({ errore, ...(last ? { stato: 'errore' as const } : {}) })
    .where(and(eq(rapportiniMailLog.aziendaId, row.aziendaId), eq(rapportiniMailLog.id, row.id)));
}

/** No way out (no SMTP server configured): the row non_inviato with the reason, for good (issue 24). */
export async function markNotSent(db: DbOrTx, row: MailLogRow, reason: string): Promise<void> {
  await db
    .update(rapportiniMailLog)
    .set({ stato: 'non_inviato', errore: reason })
    .where(and(eq(rapportiniMailLog.aziendaId, row.aziendaId), eq(rapportiniMailLog.id, row.id)));
}
