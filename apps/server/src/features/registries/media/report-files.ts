import { REPORT_FILE_SECTIONS } from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';
import { notFound } from '../../../platform/errors.js';
import { presentMedia } from './presenter.js';
import { removeObjects } from '../../../platform/storage-removals.js';
import * as repo from './repo.js';
import { GENERATED_SECTIONS, mayReadReport, SECTIONS } from './sections.js';

/** Case and accents aside ("perdita caldaia è" finds "Perdita-caldaia-E.jpg"). */
const fold = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export { REPORT_FILE_SECTIONS };
export type ReportFileSection = (typeof REPORT_FILE_SECTIONS)[number];

const defOf = (section: ReportFileSection) =>
  section === 'rapportino' ? SECTIONS.rapportino : GENERATED_SECTIONS['rapportino-pdf'];

/**
 * GET /media/all-rapportini/{section}/{id}: a report's files of one section (its attachments, or its
 * printed PDF), newest first, filtered by kind (images or documents) and by a name search. Read as
 * the report is read (another company's, or a report the user may not see, answers 404). The
 * signature's image is not an attachment: the acceptance section shows it.
 */
export async function reportFiles(
  ctx: CompanyContext,
  section: ReportFileSection,
  reportId: string,
  f: { tipo?: 'immagini' | 'documenti'; q?: string },
) {
  const def = defOf(section);
  const aziendaId = ctx.company.id;
  if (!(await def.ownerExists(ctx.db, aziendaId, reportId)) || !(await mayReadReport(ctx, reportId)))
    throw notFound('Rapportino');
  const hidden = new Set(def.hidden ? await def.hidden(ctx.db, aziendaId, reportId) : []);
  const term = f.q ? fold(f.q.trim()) : '';
  return (await repo.mediaOfOwner(ctx.db, aziendaId, section, reportId))
    .filter((m) => !hidden.has(m.id))
    .filter((m) => !f.tipo || (f.tipo === 'immagini') === m.contentType.startsWith('image/'))
    .filter((m) => !term || fold(m.filename).includes(term))
    .map(presentMedia);
}

/**
 * DELETE /rapportini/rapportino/media: deletes attachments of a report, all or none: each id must be
 * one of the report's attachments (else 404); the rights are those of deleting an attachment (delete
 * on gestione_interventi; a completed report keeps its files). Their bytes leave the quota.
 */
export async function removeReportFiles(ctx: CompanyContext, reportId: string, ids: string[]) {
  const def = SECTIONS.rapportino;
  const aziendaId = ctx.company.id;
  await def.authorize(ctx, reportId, 'delete');
  const hidden = new Set(def.hidden ? await def.hidden(ctx.db, aziendaId, reportId) : []);
  const keys = await ctx.transaction(async ({ db: tx }) => {
    const files = new Map(
      (await repo.mediaOfOwner(tx, aziendaId, 'rapportino', reportId)).map((m) => [m.id, m] as const),
    );
    const unique = [...new Set(ids)];
    for (const id of unique) if (!files.has(id) || hidden.has(id)) throw notFound('File');
    for (const id of unique) await repo.deleteMedia(tx, aziendaId, id);
    return unique.map((id) => files.get(id)!.storageKey);
  });
  await removeObjects(ctx.deps, keys);
  return keys.length;
}
