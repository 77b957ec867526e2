import type { Deps } from '../../../platform/deps.js';
import { systemContext } from '../../../platform/context.js';
import { AccountingExportError } from './exporter.js';
import { exporterOf } from './exporters.js';
import * as q from './repo.js';
import { ExportLaterError } from './retry-later.js';

/**
 * The export worker (decision 0051): claims the due exports (a lease per row, so one worker sends a report at a
 * time), asks the tool's exporter for the document, handing it the id an earlier try kept, and records the answer.
 * A job runs it when woken (a completed report, a manual export) and every minute.
 */
export const ACCOUNTING_QUEUE = 'accounting-export';
const JOB = 'accounting.export';

/** A report's export holds its row this long without news (several calls to the tool, each with its timeout). */
export const LEASE_MS = 120_000;
const AT_ONCE = 10;
/** After a retryable failure: 1, 5, 15 minutes, 1, 3 hours; then the export has failed. */
export const RETRY_DELAYS_MS = [60_000, 300_000, 900_000, 3_600_000, 10_800_000];
/** A company not connected (or without a chosen company) is looked at again after this. */
const NOT_CONNECTED_WAIT_MS = 10 * 60_000;

export async function wakeExports(deps: Pick<Deps, 'jobs' | 'log'>): Promise<void> {
  try {
    await deps.jobs.send(ACCOUNTING_QUEUE, {}, { retryLimit: 2, retryDelay: 1 });
  } catch (err) {
    deps.log.warn({ err }, 'accounting exports not woken: the sweep will send them');
  }
}

export interface ExportRun {
  sent: number;
  failed: number;
  more: boolean;
}

async function exportOne(deps: Deps, row: q.ExportRow, run: ExportRun) {
  const at = () => deps.clock.now();
  const exporter = exporterOf(row.strumento);
  if (!exporter) {
    await q.recordFailure(
      deps.db,
      row,
      { errore: `Nessun invio automatico per ${row.strumento}`, stato: 'FALLITO', prossimo: null },
      at(),
    );
    run.failed++;
    return;
  }
  const ctx = await systemContext(deps, row.aziendaId, JOB);
  if (!(await exporter.connected(ctx))) {
    await q.recordFailure(
      deps.db,
      row,
      {
        errore: 'Gestionale non collegato: collegarlo da Integrazioni esterne → Gestionale',
        stato: 'DA_INVIARE',
        prossimo: new Date(at().getTime() + NOT_CONNECTED_WAIT_MS),
        uncount: true,
      },
      at(),
    );
    return;
  }
  try {
    const doc = await exporter.exportReport(ctx, row.rapportinoId, row.documentoId);
    await q.recordSent(deps.db, row, { documentoId: doc.documentId, numero: doc.number, link: doc.url }, at());
    run.sent++;
  } catch (err) {
    const known = err instanceof AccountingExportError;
    if (!known) deps.log.error({ err, report: row.rapportinoId }, 'accounting export failed');
    const retryable = !known || err.retryable;
    const delay =
      err instanceof ExportLaterError ? err.retryAfterMs : retryable ? RETRY_DELAYS_MS[row.tentativi - 1] : undefined;
    const errore = known ? err.message : `Errore imprevisto: ${String(err).slice(0, 300)}`;
    const again = delay !== undefined && (err instanceof ExportLaterError || row.tentativi <= RETRY_DELAYS_MS.length);
    await q.recordFailure(
      deps.db,
      row,
      {
        errore,
        stato: again ? 'DA_INVIARE' : 'FALLITO',
        prossimo: again ? new Date(at().getTime() + delay) : null,
        // A rate limit is no failed attempt.
        uncount: err instanceof ExportLaterError,
      },
      at(),
    );
    if (!again) run.failed++;
  }
}

/** Exports what is due until nothing is or `budgetMs` is spent. */
export async function exportDue(deps: Deps, budgetMs: number): Promise<ExportRun> {
  const until = Date.now() + budgetMs;
  const run: ExportRun = { sent: 0, failed: 0, more: false };
  while (Date.now() < until) {
    const now = deps.clock.now();
    const claimed = await q.claimDue(deps.db, now, new Date(now.getTime() + LEASE_MS), AT_ONCE);
    if (!claimed.length) break;
    for (const row of claimed) {
      await exportOne(deps, row, run).catch((err: unknown) =>
        deps.log.error({ err, report: row.rapportinoId }, 'accounting export not recorded'),
      );
    }
  }
  run.more = await q.anyDue(deps.db, deps.clock.now());
  return run;
}

export async function runExports(deps: Deps): Promise<void> {
  const budget = Math.max(1000, deps.config.JOB_EXPIRE_SEC * 1000 - 25_000);
  const run = await exportDue(deps, budget);
  if (run.more) await wakeExports(deps);
}
