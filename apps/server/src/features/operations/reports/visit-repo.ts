import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { prepared } from '../../../platform/db/prepared.js';
import { utenti } from '../../../platform/db/schema.js';
import { rapportiniFirmaLink, rapportiniMailLog } from '../../../platform/db/schema-reports.js';
import { appuntamenti } from '../../../platform/db/schema-schedule.js';

/** What a report shows of the planner and of its signing link (issue 24). Every query filters on the company. */

/** What a report shows of its appointment (the report read and `reportAppointment` select the same). */
export const reportAppointmentColumns = {
  id: appuntamenti.id,
  inizio: appuntamenti.inizio,
  fine: appuntamenti.fine,
  tuttoIlGiorno: appuntamenti.tuttoIlGiorno,
  daFare: appuntamenti.daFare,
};

export interface ReportAppointmentRow {
  id: string;
  inizio: Date | null;
  fine: Date | null;
  tuttoIlGiorno: boolean;
  daFare: boolean;
}

/** The report's appointment: the planner's appointment that links it (at most one, decision 0040). */
export async function reportAppointment(
  db: DbOrTx,
  aziendaId: string,
  rapportinoId: string,
): Promise<ReportAppointmentRow | null> {
  const [r] = await db
    .select(reportAppointmentColumns)
    .from(appuntamenti)
    .where(and(eq(appuntamenti.aziendaId, aziendaId), eq(appuntamenti.rapportinoId, rapportinoId)));
  return r ?? null;
}

/**
 * The signing link still awaited: open (not used, not expired at `now`) and its mail not refused (the newest
 * link_firma sending in_coda or inviato). A new link spends the earlier ones, so at most one is open.
 */
export async function awaitedSignature(db: DbOrTx, aziendaId: string, rapportinoId: string, now: Date) {
  // Read with every report (issue 25): built and prepared once per database handle.
  const query = prepared(db, 'report_firma_link', () =>
    db
      .select({
        email: rapportiniFirmaLink.email,
        scadeAt: rapportiniFirmaLink.scadeAt,
        at: rapportiniFirmaLink.createdAt,
      })
      .from(rapportiniFirmaLink)
      .where(
        and(
          eq(rapportiniFirmaLink.aziendaId, sql.placeholder('aziendaId')),
          eq(rapportiniFirmaLink.rapportinoId, sql.placeholder('id')),
          isNull(rapportiniFirmaLink.usatoAt),
          gt(rapportiniFirmaLink.scadeAt, sql`${sql.placeholder('now')}::timestamptz`),
        ),
      )
      .orderBy(desc(rapportiniFirmaLink.createdAt))
      .limit(1)
      .prepare('report_firma_link'),
  );
  const [link] = await query.execute({ aziendaId, id: rapportinoId, now: now.toISOString() });
  if (!link) return null;
  const [mail] = await db
    .select({ stato: rapportiniMailLog.stato })
    .from(rapportiniMailLog)
    .where(
      and(
        eq(rapportiniMailLog.aziendaId, aziendaId),
        eq(rapportiniMailLog.rapportinoId, rapportinoId),
        eq(rapportiniMailLog.tipo, 'link_firma'),
      ),
    )
    .orderBy(desc(rapportiniMailLog.createdAt), desc(rapportiniMailLog.id))
    .limit(1);
  if (mail && mail.stato !== 'in_coda' && mail.stato !== 'inviato') return null;
  return { email: link.email, scadeAt: link.scadeAt, at: link.at };
}

/** The technicians' own signatures (utenti.signature) by user id: those who have one (the printed report). */
export async function technicianSignatures(db: DbOrTx, aziendaId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: utenti.id, signature: utenti.signature })
    .from(utenti)
    .where(and(eq(utenti.aziendaId, aziendaId), inArray(utenti.id, ids), isNotNull(utenti.signature)));
  return new Map(rows.map((r) => [r.id, r.signature!]));
}
