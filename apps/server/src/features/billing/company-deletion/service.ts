import { DELETION_RESTORE_WORKING_HOURS, WORKING_HOURS, type DeletionStatus } from '@fs/contract';
import { AppError, notFound } from '../../../platform/errors.js';
import type { CompanyContext } from '../../../platform/context.js';
import type { Deps } from '../../../platform/deps.js';
import { addWorkingHours } from './working-hours.js';
import * as repo from './repo.js';

export const DELETE_COMPANY_QUEUE = 'company-delete';

export interface DeleteCompanyJob {
  aziendaId: string;
}

const toStatus = (s: { richiestaAt: Date | null; eliminazioneAt: Date | null }): DeletionStatus => ({
  richiesta_at: s.richiestaAt?.toISOString() ?? null,
  eliminazione_at: s.eliminazioneAt?.toISOString() ?? null,
});

export async function deletionStatus(ctx: CompanyContext): Promise<DeletionStatus> {
  const s = await repo.findDeletionState(ctx.db, ctx.company.id);
  if (!s) throw notFound('Azienda');
  return toStatus(s);
}

/**
 * Asks for the company's deletion: the data goes 3 working hours from now
 * (company time zone), until then an administrator may restore it. Asking
 * again while one is pending answers the pending one.
 */
export async function requestDeletion(ctx: CompanyContext): Promise<DeletionStatus> {
  const aziendaId = ctx.company.id;
  const now = ctx.clock.now();
  const s = await repo.findDeletionState(ctx.db, aziendaId);
  if (!s) throw notFound('Azienda');
  if (s.eliminazioneAt) return toStatus(s);
  const due = addWorkingHours(now, DELETION_RESTORE_WORKING_HOURS, s.timezone, WORKING_HOURS);
  await repo.setDeletion(ctx.db, aziendaId, now, due);
  // The job re-checks the row when it runs, so a restore needs no cancellation and a job
  // lost between these two writes is the only risk: it is sent after the row is committed.
  await ctx.deps.jobs.sendAfter<DeleteCompanyJob>(DELETE_COMPANY_QUEUE, { aziendaId }, due);
  return { richiesta_at: now.toISOString(), eliminazione_at: due.toISOString() };
}

/** Restores a company whose deletion is pending and not yet due. */
export async function restore(ctx: CompanyContext): Promise<DeletionStatus> {
  const aziendaId = ctx.company.id;
  const now = ctx.clock.now();
  const s = await repo.findDeletionState(ctx.db, aziendaId);
  if (!s) throw notFound('Azienda');
  if (!s.eliminazioneAt) throw new AppError('CONFLICT', 'Nessuna richiesta di eliminazione in corso');
  if (s.eliminazioneAt <= now) throw new AppError('CONFLICT', 'Il tempo per il ripristino è scaduto');
  await repo.setDeletion(ctx.db, aziendaId, null, null);
  return { richiesta_at: null, eliminazione_at: null };
}

/**
 * The job: deletes the company's rows (they cascade from aziende) when the
 * deletion is still pending and due, then its files. A restored company is
 * left alone; a retry after the rows went still removes the files.
 */
export async function runDeletion(deps: Deps, job: DeleteCompanyJob): Promise<'deleted' | 'skipped'> {
  const deleted = await repo.deleteIfDue(deps.db, job.aziendaId);
  if (!deleted && (await repo.companyExists(deps.db, job.aziendaId))) return 'skipped';
  await deps.storage.removeAll(job.aziendaId);
  if (deleted) deps.log.info({ aziendaId: job.aziendaId }, 'company deleted on request');
  return deleted ? 'deleted' : 'skipped';
}
