import { formatDateTime, DATA_EXPORT_KEEP_DAYS, type DataExportEntity } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { MAIL_QUEUE } from '../../../platform/mail-job.js';
import type { MailMessage } from '../../../platform/mail.js';
import { buildExport, planFiles } from './build.js';
import { filesOf } from './entities.js';
import { readyMail } from './mail.js';
import * as repo from './repo.js';

export const DATA_EXPORT_QUEUE = 'data-export';
export const DATA_EXPORT_CLEANUP_QUEUE = 'data-export-cleanup';

export interface DataExportJob {
  aziendaId: string;
  exportId: string;
  /** Whether the requester saw prices when asking (decided at the request, kept for the run). */
  prices: boolean;
}

/** How often a running export writes its sign of life, and how old one means the run died. */
export const HEARTBEAT_MS = 15_000;
export const STALE_SEC = 120;

const DAY_MS = 24 * 3600 * 1000;

/**
 * The export job: plans the files (columns, row counts), streams every table batch by batch into
 * the zip or the workbook in storage, writing progress as it goes, then records the file, its
 * expiry, and mails the requester the page's link. A failure ends the export as `failed` with the
 * reason; a job run again after a crash starts the file over.
 */
export async function runExport(deps: Deps, job: DataExportJob): Promise<void> {
  const { aziendaId, exportId } = job;
  const exp = await repo.findExport(deps.db, aziendaId, exportId);
  if (!exp || (exp.stato !== 'queued' && exp.stato !== 'running')) return;
  // A run still beating is alive: pg-boss retries a job past its expiry (15 minutes) while it still runs.
  const beat = exp.heartbeatAt?.getTime() ?? 0;
  if (exp.stato === 'running' && deps.clock.now().getTime() - beat < STALE_SEC * 1000) {
    deps.log.warn({ aziendaId, exportId }, 'data export already running: this run leaves it to the first');
    return;
  }
  await repo.markRunning(deps.db, aziendaId, exportId);
  const heartbeat = setInterval(() => {
    repo
      .beat(deps.db, aziendaId, exportId)
      .catch((err: unknown) => deps.log.warn({ err, exportId }, 'export heartbeat'));
  }, HEARTBEAT_MS);
  try {
    const planned = await planFiles(deps.db, aziendaId, filesOf(exp.entita as DataExportEntity[]), job.prices);
    const media = exp.includeMedia && exp.formato === 'CSV_ZIP' ? await repo.countMedia(deps.db, aziendaId) : 0;
    const total = Math.max(1, planned.reduce((s, p) => s + p.rows, 0) + media);
    let done = 0;
    let written = 0;
    let shown = -1;
    const onProgress = async (n: number) => {
      done += n;
      written += n;
      const pct = Math.min(99, Math.floor((done * 100) / total));
      if (pct !== shown) {
        shown = pct;
        await repo.progress(deps.db, aziendaId, exportId, pct, written);
      }
    };
    const stored = await buildExport({
      deps,
      aziendaId,
      formato: exp.formato,
      planned,
      includeMedia: exp.includeMedia && exp.formato === 'CSV_ZIP',
      onProgress,
    });
    const expiresAt = new Date(deps.clock.now().getTime() + DATA_EXPORT_KEEP_DAYS * DAY_MS);
    const day = exp.createdAt.toISOString().slice(0, 10);
    await repo.complete(deps.db, aziendaId, exportId, {
      fileName: `esportazione-dati-${day}.${exp.formato === 'XLSX' ? 'xlsx' : 'zip'}`,
      storageKey: stored.key,
      size: stored.size,
      righe: planned.reduce((s, p) => s + p.rows, 0),
      expiresAt,
    });
    const to = await repo.requester(deps.db, aziendaId, exp.utenteId);
    if (to) {
      const tz = await repo.companyTimezone(deps.db, aziendaId);
      await deps.jobs.send<MailMessage>(
        MAIL_QUEUE,
        readyMail({
          to: to.email,
          name: to.name,
          lingua: to.lingua,
          link: `${deps.config.publicUrl}/data-export?id=${exportId}`,
          until: formatDateTime(expiresAt.toISOString(), tz) ?? '',
        }),
      );
    }
  } catch (err) {
    deps.log.error({ err, aziendaId, exportId }, 'data export failed');
    await repo.fail(
      deps.db,
      aziendaId,
      exportId,
      "Esportazione non riuscita: riprovare; se si ripete, contattare l'assistenza.",
    );
  } finally {
    clearInterval(heartbeat);
  }
}

/** The nightly cleanup: expired exports removed with their files, every company. */
export async function removeExpired(deps: Deps): Promise<number> {
  const keys = await repo.deleteExpired(deps.db, deps.clock.now());
  for (const key of keys) {
    await deps.storage.remove(key).catch((err: unknown) => deps.log.warn({ err }, 'export file not removed'));
  }
  return keys.length;
}
