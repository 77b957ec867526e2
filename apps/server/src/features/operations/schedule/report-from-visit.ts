import { reportWorkRequest, type Report } from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';
import { ownIdOf } from '../../../platform/auth/principal.js';
import type { Tx } from '../../../platform/db/client.js';
import { AppError, forbidden, notFound } from '../../../platform/errors.js';
import { get as getReport, save as saveReport } from '../reports/service.js';
import { scheduleAccess } from './access.js';
import * as repo from './repo.js';

/**
 * POST /schedule/appointment/{id}/rapportino (issue 24): the technician at a visit without a report makes it
 * there. The report (NUOVO) takes the appointment's customer, plant, machines, technicians, job role, its notes
 * (else its title) as the request and the contract of its activity occurrence; the appointment becomes the
 * report's (decision 0040), in one transaction.
 */
export async function createReport(ctx: CompanyContext, id: string): Promise<Report> {
  const aziendaId = ctx.company.id;
  const access = scheduleAccess(ctx);
  return ctx.transaction(async (inTx) => {
    const tx = inTx.db as Tx;
    const old = await repo.lockAppointment(tx, aziendaId, id);
    const mine = old?.tecnici.includes(ownIdOf(ctx.principal)) ?? false;
    if (!old || (!access.seeAll && !mine) || (old.daFare && !access.todos.read)) throw notFound('Appuntamento');
    if (!access.createReports) throw forbidden('Creare rapportini non è consentito');
    if (old.rapportinoId) throw new AppError('CONFLICT', "L'appuntamento ha già un rapportino");
    const occurrence = old.attivitaDataId ? await repo.occurrenceOf(tx, aziendaId, old.attivitaDataId) : undefined;
    const row = await repo.findAppointment(tx, aziendaId, id);
    const body = reportWorkRequest.parse({
      cliente_id: old.clienteId,
      impianto_id: old.impiantoId,
      macchinari_ids: row?.macchinari ?? [],
      tecnici_ids: old.tecnici,
      mansione_id: old.mansioneId,
      richiesta_iniziale: old.note || old.titolo,
      ...(occurrence ? { contratto_id: occurrence.contrattoId } : {}),
    });
    // The report's save nests as a savepoint; without data_appuntamento it makes no appointment of its own.
    const report = await saveReport(inTx, body);
    await repo.updateAppointment(tx, aziendaId, id, { rapportinoId: report.id });
    if (old.attivitaDataId) await repo.linkOccurrenceReport(tx, aziendaId, old.attivitaDataId, report.id);
    return getReport(inTx, report.id);
  });
}
