import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { inTurnCalls, type DbOrTx } from '../../../platform/db/client.js';
import { prepared } from '../../../platform/db/prepared.js';
import { utenti } from '../../../platform/db/schema.js';
import { mansioni } from '../../../platform/db/schema-articles.js';
import { rapportini, rapportiniMansioni } from '../../../platform/db/schema-contracts.js';
import { clienti, impianti } from '../../../platform/db/schema-customers.js';
import {
  rapportiniCampi,
  rapportiniControlli,
  rapportiniGiornate,
  rapportiniMacchinari,
  rapportiniMateriali,
  rapportiniTecnici,
} from '../../../platform/db/schema-reports.js';
import { appuntamenti } from '../../../platform/db/schema-schedule.js';
import type { ReportWithLines } from './repo.js';
import { reportAppointmentColumns } from './visit-repo.js';

/**
 * One report with its lines, read by id (issue 25, decision 0041): nine statements built and
 * prepared once per database handle (`platform/db/prepared.ts`; drizzle built all of them on every
 * call) and sent together, one round trip on the pool (in turn inside a transaction). Every
 * statement filters on the company ($aziendaId) and the report ($id).
 */
const billing = alias(clienti, 'cliente_fatturazione');
const fullName = sql<string>`trim(coalesce(${utenti.name}, '') || ' ' || coalesce(${utenti.surname}, ''))`;
const aziendaId = sql.placeholder('aziendaId');
const id = sql.placeholder('id');
const mine = <T extends { aziendaId: any; rapportinoId: any }>(t: T) =>
  and(eq(t.aziendaId, aziendaId), eq(t.rapportinoId, id));

function statements(db: DbOrTx) {
  return {
    head: db
      .select({
        report: rapportini,
        cliente: clienti.ragioneSociale,
        clienteFatturazione: billing.ragioneSociale,
        impianto: impianti.nome,
      })
      .from(rapportini)
      .innerJoin(clienti, and(eq(clienti.aziendaId, rapportini.aziendaId), eq(clienti.id, rapportini.clienteId)))
      .leftJoin(
        billing,
        and(eq(billing.aziendaId, rapportini.aziendaId), eq(billing.id, rapportini.clienteFatturazioneId)),
      )
      .leftJoin(impianti, and(eq(impianti.aziendaId, rapportini.aziendaId), eq(impianti.id, rapportini.impiantoId)))
      .where(and(eq(rapportini.aziendaId, aziendaId), eq(rapportini.id, id)))
      .prepare('report_head'),
    tecnici: db
      .select({ id: utenti.id, nome: fullName, username: utenti.username })
      .from(rapportiniTecnici)
      .innerJoin(utenti, eq(utenti.id, rapportiniTecnici.utenteId))
      .where(mine(rapportiniTecnici))
      .orderBy(asc(utenti.ordine))
      .prepare('report_tecnici'),
    macchine: db
      .select({ id: rapportiniMacchinari.macchinarioId })
      .from(rapportiniMacchinari)
      .where(mine(rapportiniMacchinari))
      .prepare('report_macchinari'),
    mansione: db
      .select({ id: mansioni.id, nome: mansioni.nome })
      .from(rapportiniMansioni)
      .innerJoin(mansioni, eq(mansioni.id, rapportiniMansioni.mansioneId))
      .where(mine(rapportiniMansioni))
      .prepare('report_mansione'),
    giornate: db
      .select()
      .from(rapportiniGiornate)
      .where(mine(rapportiniGiornate))
      .orderBy(asc(rapportiniGiornate.ordine))
      .prepare('report_giornate'),
    materiali: db
      .select()
      .from(rapportiniMateriali)
      .where(mine(rapportiniMateriali))
      .orderBy(asc(rapportiniMateriali.ordine))
      .prepare('report_materiali'),
    controlli: db
      .select()
      .from(rapportiniControlli)
      .where(mine(rapportiniControlli))
      .orderBy(asc(rapportiniControlli.ordine))
      .prepare('report_controlli'),
    campi: db
      .select({ campoId: rapportiniCampi.campoId, valore: rapportiniCampi.valore })
      .from(rapportiniCampi)
      .where(mine(rapportiniCampi))
      .prepare('report_campi'),
    // The planner's appointment that links the report (at most one, decision 0040).
    appuntamento: db
      .select(reportAppointmentColumns)
      .from(appuntamenti)
      .where(and(eq(appuntamenti.aziendaId, aziendaId), eq(appuntamenti.rapportinoId, id)))
      .prepare('report_appuntamento'),
  };
}

export async function findReport(db: DbOrTx, azienda: string, report: string): Promise<ReportWithLines | undefined> {
  const q = prepared(db, 'report_read', () => statements(db));
  const v = { aziendaId: azienda, id: report };
  const [[head], tecnici, macchine, mansione, giornate, materiali, checks, campi, [appuntamento]] = await inTurnCalls(
    db,
    [
      () => q.head.execute(v),
      () => q.tecnici.execute(v),
      () => q.macchine.execute(v),
      () => q.mansione.execute(v),
      () => q.giornate.execute(v),
      () => q.materiali.execute(v),
      () => q.controlli.execute(v),
      () => q.campi.execute(v),
      () => q.appuntamento.execute(v),
    ],
  );
  if (!head) return undefined;
  return {
    report: head.report,
    cliente: head.cliente,
    clienteFatturazione: head.clienteFatturazione,
    impianto: head.impianto,
    mansioneId: mansione[0]?.id ?? null,
    mansione: mansione[0]?.nome ?? null,
    tecnici: tecnici.map((t) => ({ id: t.id, nome: t.nome || t.username })),
    macchinari: macchine.map((m) => m.id),
    giornate,
    materiali,
    controlli: checks,
    campi,
    appuntamento: appuntamento ?? null,
  };
}
