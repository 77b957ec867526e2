import { REPORT_APPOINTMENT_MINUTES, SCHEDULE_MAX } from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';
import type { Tx } from '../../../platform/db/client.js';
import { emitAppointment, emitMoved } from './events.js';
import * as repo from './repo.js';
import { localDay } from './time.js';
import * as visits from './visit-repo.js';

/**
 * One appointment per visit (issue 24, docs/decisions/0040-one-appointment-per-visit.md): the report's
 * appointment is the planner's appointment that links it. The report's save writes it here, in the save's
 * transaction; the report reads it back (reports/visit-repo.ts), so a move in the planner shows on the report.
 */

/** What of the report its appointment takes. */
export interface ReportVisit {
  rapportinoId: string;
  clienteId: string;
  impiantoId: string | null;
  mansioneId: string | null;
  tecnici: string[];
  macchinari: string[];
  richiesta: string | null;
  numero: string;
  createdBy: string | null;
}

/** A new appointment's title: the request's first line, else the report's number. */
export function visitTitle(richiesta: string | null, numero: string): string {
  const first = (richiesta ?? '').trim().split('\n')[0]!.trim().slice(0, SCHEDULE_MAX.titolo).trim();
  return first || `Rapportino ${numero}`.trim();
}

/**
 * Keeps the report's appointment in step with a save of the report: the appointment follows the report's
 * customer (plant and machines with it) and takes the report's technicians when it has none. `at`: undefined
 * leaves the date alone; null deletes the appointment (its activity occurrence is no longer planned); an instant
 * moves it (its length kept; a to-do goes onto the calendar) or creates it, REPORT_APPOINTMENT_MINUTES long.
 * `attivitaDataId` (a report made from a contract activity's date): an appointment already planned for that
 * occurrence without a report becomes the report's, rather than a second one for the same visit.
 */
export async function syncReportAppointment(
  /** The context of the save's transaction (the planner's events are written in it). */
  ctx: CompanyContext,
  v: ReportVisit,
  at: Date | null | undefined,
  opts: { attivitaDataId?: string } = {},
): Promise<void> {
  const tx = ctx.db as Tx;
  const aziendaId = ctx.company.id;
  const tz = ctx.company.timezone;
  let old = await visits.lockOfReport(tx, aziendaId, v.rapportinoId);
  if (!old && opts.attivitaDataId && at !== null) {
    old = await visits.lockUnlinkedOfOccurrence(tx, aziendaId, opts.attivitaDataId);
    if (old) await repo.updateAppointment(tx, aziendaId, old.id, { rapportinoId: v.rapportinoId });
  }
  // As locked: appointment.moved compares with it (time, days, technicians).
  const before = old;
  if (old) {
    if (old.clienteId !== v.clienteId) {
      await repo.updateAppointment(tx, aziendaId, old.id, { clienteId: v.clienteId, impiantoId: v.impiantoId });
      await visits.setMachines(tx, aziendaId, old.id, v.macchinari);
      old = { ...old, clienteId: v.clienteId };
    }
    if (!old.tecnici.length && v.tecnici.length) {
      await visits.setTechnicians(tx, aziendaId, old.id, v.tecnici, old.inizio);
      old = { ...old, tecnici: v.tecnici };
    }
  }
  if (at === undefined) {
    if (old && before) await emitMoved(ctx, before, old);
    return;
  }
  if (at === null) {
    if (!old) return;
    if (old.attivitaDataId) await repo.setPlannedDay(tx, aziendaId, old.attivitaDataId, null);
    await repo.deleteAppointment(tx, aziendaId, old.id);
    await emitAppointment(ctx, 'appointment.deleted', old);
    return;
  }
  const minutes = REPORT_APPOINTMENT_MINUTES * 60_000;
  if (old && before) {
    if (!old.daFare && old.inizio?.getTime() === at.getTime()) return emitMoved(ctx, before, old);
    const length =
      !old.daFare && !old.tuttoIlGiorno && old.inizio && old.fine ? old.fine.getTime() - old.inizio.getTime() : minutes;
    await repo.updateAppointment(tx, aziendaId, old.id, {
      inizio: at,
      fine: new Date(at.getTime() + length),
      tuttoIlGiorno: false,
      daFare: false,
      // A new start makes a new reminder due.
      promemoriaInviatoAt: null,
    });
    await visits.setLinksStart(tx, aziendaId, old.id, at);
    if (old.attivitaDataId) await repo.setPlannedDay(tx, aziendaId, old.attivitaDataId, localDay(at, tz));
    await emitMoved(ctx, before, { ...old, inizio: at, fine: new Date(at.getTime() + length), tuttoIlGiorno: false });
    return;
  }
  const id = await repo.insertAppointment(tx, aziendaId, {
    clienteId: v.clienteId,
    impiantoId: v.impiantoId,
    mansioneId: v.mansioneId,
    rapportinoId: v.rapportinoId,
    attivitaDataId: opts.attivitaDataId ?? null,
    titolo: visitTitle(v.richiesta, v.numero),
    note: null,
    inizio: at,
    fine: new Date(at.getTime() + minutes),
    tuttoIlGiorno: false,
    daFare: false,
    promemoriaMinuti: null,
    promemoriaInviatoAt: null,
    createdBy: v.createdBy,
  });
  await repo.replaceLinks(tx, aziendaId, id, v.tecnici, v.macchinari, at);
  const fine = new Date(at.getTime() + minutes);
  await emitAppointment(ctx, 'appointment.created', {
    id,
    clienteId: v.clienteId,
    inizio: at,
    fine,
    tuttoIlGiorno: false,
    tecnici: v.tecnici,
  });
  if (opts.attivitaDataId) await repo.setPlannedDay(tx, aziendaId, opts.attivitaDataId, localDay(at, tz));
}
