import type { ReportExportState } from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { reportsCompletion } from '../../operations/index.js';
import { exporterOf } from './exporters.js';
import * as repo from './repo.js';
import { accountingSettings } from './settings.js';
import { wakeExports } from './worker.js';

/** The manual export and the reports' export state (decision 0051). */

export function presentState(r: repo.ExportRow): ReportExportState {
  return {
    rapportino_id: r.rapportinoId,
    strumento: r.strumento,
    stato: r.stato,
    documento_id: r.documentoId,
    numero: r.numero,
    link: r.link,
    errore: r.errore,
    tentativi: r.tentativi,
    updated_at: r.updatedAt.toISOString(),
  };
}

/** GET /gestionale/esportazioni/{id}: the report's export, null when never sent; 404 for another company's. */
export async function reportExport(ctx: CompanyContext, id: string): Promise<ReportExportState | null> {
  const [report] = await reportsCompletion(ctx.db, ctx.company.id, [id]);
  if (!report) throw notFound('Rapportino');
  const row = await repo.stateOf(ctx.db, ctx.company.id, id);
  return row ? presentState(row) : null;
}

/** POST /gestionale/esporta: marks completed reports to send (failed ones again) and wakes the export job. */
export async function exportReports(ctx: CompanyContext, ids: string[]) {
  const unique = [...new Set(ids)];
  const s = await accountingSettings(ctx.deps, ctx.company.id);
  if (!s.enabled) {
    throw new AppError('NO_EXPORTER', "L'integrazione con il gestionale non è attiva: attivarla nelle opzioni");
  }
  if (!exporterOf(s.tool)) {
    throw new AppError(
      'NO_EXPORTER',
      `Il gestionale scelto (${s.tool}) non riceve i rapportini dal prodotto: scaricarne il file dall'elenco`,
    );
  }
  const out = await ctx.transaction(async (tx) => {
    const reports = await reportsCompletion(tx.db, ctx.company.id, unique);
    if (reports.length !== unique.length) throw notFound('Rapportino');
    const esclusi: { id: string; motivo: 'NON_COMPLETATO' | 'GIA_INVIATO'; message: string }[] = [];
    const completed = reports.filter((r) => {
      if (r.completato) return true;
      esclusi.push({ id: r.id, motivo: 'NON_COMPLETATO', message: `Il rapportino ${r.numero ?? ''} non è completato` });
      return false;
    });
    const marked = new Set(
      await repo.markToSend(
        tx.db,
        ctx.company.id,
        completed.map((r) => r.id),
        s.tool,
        ctx.clock.now(),
      ),
    );
    for (const r of completed) {
      if (!marked.has(r.id)) {
        esclusi.push({
          id: r.id,
          motivo: 'GIA_INVIATO',
          message: `Il rapportino ${r.numero ?? ''} è già inviato o in invio`,
        });
      }
    }
    return { accodati: marked.size, esclusi };
  });
  if (out.accodati) await wakeExports(ctx.deps);
  return out;
}
