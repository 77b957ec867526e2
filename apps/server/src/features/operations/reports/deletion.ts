import type { CompanyContext } from '../../../platform/context.js';
import { ownIdOf } from '../../../platform/auth/principal.js';
import { notFound } from '../../../platform/errors.js';
import { dropMediaOf, removeStored } from '../../registries/index.js';
import { reportsDeleted } from '../activities/report-link.js';
import { reportAccess } from './access.js';
import * as repo from './repo.js';

export interface Skipped {
  id: string;
  numero_assistenza: string;
  reason: 'REPORT_COMPLETED';
  message: string;
}

/**
 * POST /rapportini/rapportini/delete-bulk. The ids must all be reachable (an unknown one, or one the
 * user may not reach, answers 404 and nothing is deleted); completed reports are kept (accounting
 * holds them) and named in `skipped`; the others go in one transaction with their files, whose
 * bytes leave the storage quota there (the objects are removed once it has committed).
 */
export async function deleteBulk(ctx: CompanyContext, ids: string[]): Promise<{ removed: number; skipped: Skipped[] }> {
  const aziendaId = ctx.company.id;
  const access = reportAccess(ctx);
  const { removed, skipped, keys } = await ctx.db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    // The reports locked first (before their files' usage row): an upload to one of them waits for this
    // transaction and then finds it gone, or this one waits for the upload and deletes its file too.
    const rows = await repo.reportsByIds(tx, aziendaId, unique, true);
    if (rows.length !== unique.length) throw notFound('Rapportino');
    if (!access.deleteAll) {
      for (const id of unique)
        if (!(await repo.isAssigned(tx, aziendaId, id, ownIdOf(ctx.principal)))) throw notFound('Rapportino');
    }
    const kept: Skipped[] = rows
      .filter((r) => r.completato)
      .map((r) => ({
        id: r.id,
        numero_assistenza: r.numero ?? '',
        reason: 'REPORT_COMPLETED' as const,
        message: 'Completato: è già passato alla contabilità e non si elimina',
      }));
    const gone = rows.filter((r) => !r.completato).map((r) => r.id);
    if (!gone.length) return { removed: 0, skipped: kept, keys: [] as string[] };
    // Contract activity dates made into these reports are to do again (the link itself is SET NULL).
    await reportsDeleted(tx, aziendaId, gone);
    // Attachments and the printed PDF go with the report.
    const files = [
      ...(await dropMediaOf(tx, aziendaId, 'rapportino', gone)),
      ...(await dropMediaOf(tx, aziendaId, 'rapportino-pdf', gone)),
    ];
    return { removed: await repo.deleteReports(tx, aziendaId, gone), skipped: kept, keys: files };
  });
  await removeStored(ctx.deps, keys);
  return { removed, skipped };
}
