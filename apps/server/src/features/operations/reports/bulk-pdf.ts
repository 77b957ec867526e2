import { once } from 'node:events';
import { BULK_PDF_MAX_REPORTS, type ReportsDownloadBulkRequest } from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';
import { ownIdOf } from '../../../platform/auth/principal.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { eachPage } from '../../../platform/lists.js';
import { reportAccess } from './access.js';
import { listFiltersOf } from './filters.js';
import * as lists from './list-repo.js';
import { reportPdf } from './pdf.js';
import * as repo from './repo.js';

/** The reports a bulk download holds, checked before the first byte goes out. */
async function reportIds(ctx: CompanyContext, q: ReportsDownloadBulkRequest): Promise<string[]> {
  const aziendaId = ctx.company.id;
  const access = reportAccess(ctx);
  if (q.ids) {
    const unique = [...new Set(q.ids)];
    const rows = await repo.reportsByIds(ctx.db, aziendaId, unique);
    if (rows.length !== unique.length) throw notFound('Rapportino');
    if (!access.seeAll) {
      for (const id of unique)
        if (!(await repo.isAssigned(ctx.db, aziendaId, id, ownIdOf(ctx.principal)))) throw notFound('Rapportino');
    }
    return unique;
  }
  const filters: lists.ListFilters = listFiltersOf(ctx, q);
  const first = await lists.list(ctx.db, aziendaId, filters, { page: 1, size: 1, sort: q.sort, dir: q.dir });
  if (first.total > BULK_PDF_MAX_REPORTS)
    throw new AppError(
      'VALIDATION',
      `Troppi rapportini da scaricare insieme (${first.total}): al massimo ${BULK_PDF_MAX_REPORTS}, restringere i filtri`,
    );
  const ids: string[] = [];
  for await (const row of eachPage(async (page, size, totale) => {
    const p = await lists.list(ctx.db, aziendaId, filters, { page, size, sort: q.sort, dir: q.dir, totale });
    return { rows: p.items, total: p.total };
  }))
    ids.push(row.id);
  if (!ids.length) throw new AppError('VALIDATION', 'Nessun rapportino da scaricare con questi filtri');
  return ids;
}

/**
 * POST /rapportini/rapportini/download-bulk: a zip of the reports' PDFs, streamed as it is made. The
 * reports are checked first (an unknown or unreachable id answers 404 before anything is sent); then
 * each PDF is taken (stored, or made and stored as `reportPdf` does) and written into the zip one at
 * a time, the next only once the previous entry has been written, so memory holds one PDF at most.
 */
export async function downloadBulk(ctx: CompanyContext, q: ReportsDownloadBulkRequest) {
  const ids = await reportIds(ctx, q);
  const { default: archiver } = await import('archiver'); // loaded with the first zip, not at start
  const zip = archiver('zip', { zlib: { level: 1 } }); // PDFs are compressed already
  const names = new Set<string>();
  const fill = async () => {
    for (const id of ids) {
      if (zip.destroyed) return;
      const file = await reportPdf(ctx, id);
      let name = file.filename;
      for (let n = 2; names.has(name); n++) name = file.filename.replace(/\.pdf$/i, ` (${n}).pdf`);
      names.add(name);
      const entry = once(zip, 'entry');
      zip.append(await file.open(), { name });
      await entry;
    }
    await zip.finalize();
  };
  // A failure half-way destroys the zip; the route's stream logs it and ends the answer.
  fill().catch((err: unknown) => zip.destroy(err instanceof Error ? err : new Error(String(err))));
  return { stream: zip, count: ids.length };
}
