import type { Readable } from 'node:stream';
import { DATA_EXPORT_KEEP_DAYS, maySeePrices, type StartDataExportRequest } from '@fs/contract';
import { userOf, type CompanyContext } from '../../../platform/context.js';
import { AppError, notFound } from '../../../platform/errors.js';
import type { DbOrTx } from '../../../platform/db/client.js';
import { presentExport } from './presenter.js';
import * as repo from './repo.js';
import { DATA_EXPORT_QUEUE, STALE_SEC, type DataExportJob } from './runner.js';

const DAY_MS = 24 * 3600 * 1000;

export const DEAD_RUN_REASON = "Esportazione interrotta: il processo che la eseguiva si è fermato. Avviarne un'altra.";

/** POST /esportazioni: records the request and queues the job; one export at a time per user. */
export async function start(ctx: CompanyContext, body: StartDataExportRequest) {
  const user = userOf(ctx);
  await repo.failDeadRuns(ctx.db, ctx.company.id, STALE_SEC, DEAD_RUN_REASON);
  if (await repo.hasActiveExport(ctx.db, ctx.company.id, user.userId))
    throw new AppError('CONFLICT', "Un'esportazione è già in corso: attendere che finisca");
  const row = await repo.insertExport(ctx.db, {
    aziendaId: ctx.company.id,
    utenteId: user.userId,
    formato: body.formato,
    entita: body.entita,
    includeMedia: body.includiMedia && body.formato === 'CSV_ZIP',
    expiresAt: new Date(ctx.clock.now().getTime() + DATA_EXPORT_KEEP_DAYS * DAY_MS),
  });
  await ctx.deps.jobs.send<DataExportJob>(DATA_EXPORT_QUEUE, {
    aziendaId: ctx.company.id,
    exportId: row.id,
    prices: maySeePrices(ctx.principal.permissions),
  });
  return presentExport(row);
}

export async function list(ctx: CompanyContext) {
  const user = userOf(ctx);
  await repo.failDeadRuns(ctx.db, ctx.company.id, STALE_SEC, DEAD_RUN_REASON);
  return (await repo.userExports(ctx.db, ctx.company.id, user.userId, ctx.clock.now())).map(presentExport);
}

/** The caller's own export, not expired: anyone else's (or another company's) is not found. */
async function own(ctx: CompanyContext, id: string) {
  const user = userOf(ctx);
  const row = await repo.findExport(ctx.db, ctx.company.id, id);
  if (!row || row.utenteId !== user.userId || row.expiresAt <= ctx.clock.now()) throw notFound('Esportazione');
  return row;
}

export async function status(ctx: CompanyContext, id: string) {
  await repo.failDeadRuns(ctx.db, ctx.company.id, STALE_SEC, DEAD_RUN_REASON);
  return presentExport(await own(ctx, id));
}

/** The finished file: its name, type, size and bytes. */
export async function file(
  ctx: CompanyContext,
  id: string,
): Promise<{
  name: string;
  type: string;
  size: number;
  body: Readable;
}> {
  const row = await own(ctx, id);
  if (row.stato !== 'completed' || !row.storageKey || !row.fileName) throw notFound("File dell'esportazione");
  return {
    name: row.fileName,
    type:
      row.formato === 'XLSX' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'application/zip',
    size: row.size ?? 0,
    body: await ctx.deps.storage.get(row.storageKey),
  };
}

/** The files the company's exports keep in storage: not leftovers (the storage recalculation spares them). */
export const storedExportKeys = (db: DbOrTx, aziendaId: string) => repo.exportKeys(db, aziendaId);
