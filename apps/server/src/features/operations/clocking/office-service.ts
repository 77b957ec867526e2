import type { ClockingMonth, ClockingOfficeRequest, ClockingRecord } from '@fs/contract';
import { clockingOfficeRequest } from '@fs/contract';
import type { z } from 'zod';
import { userIdOf } from '../../../platform/auth/principal.js';
import type { CompanyContext } from '../../../platform/context.js';
import { AppError, notFound } from '../../../platform/errors.js';
import * as repo from './repo.js';
import * as months from './months-repo.js';
import { lastDayOf } from './rules.js';
import { recordView } from './read-service.js';
import { clockingSettings } from './settings.js';
import {
  correctInterval,
  insertInterval,
  markReturnNotNecessary,
  openIntervalConflict,
  removeInterval,
  type WriteEnv,
} from './writes.js';

type OfficeSave = z.output<typeof clockingOfficeRequest>;
type Operation = OfficeSave['operazioni'][number];

/** Times the office enters may be a few minutes ahead of the server's clock, no more. */
const AHEAD_MS = 5 * 60_000;

/**
 * POST /timbrature/timbrature: the office's save for one technician (decision 0045): intervals
 * entered, corrected with a reason, removed, returns marked not necessary, and the month approved
 * or unlocked, all in one transaction.
 */
export async function save(
  ctx: CompanyContext,
  input: ClockingOfficeRequest,
): Promise<{ items: ClockingRecord[]; mese: ClockingMonth | null }> {
  const ops = (input.operazioni ?? []) as Operation[];
  if (ops.length === 0 && !input.approvazione) throw new AppError('CLOCKING_NO_DATA', 'Problemi nel salvataggio');
  const utenteId = input.utenteId;
  if (!utenteId) throw new AppError('CLOCKING_TECHNICIAN_REQUIRED', 'Seleziona prima il tecnico');
  const s = await clockingSettings(ctx);
  if (!s.enabled) throw new AppError('CLOCKING_DISABLED', 'Le timbrature non sono attive per questa azienda');
  const by = userIdOf(ctx.principal);
  const limit = ctx.clock.now().getTime() + AHEAD_MS;
  const changed = await ctx
    .transaction(async (tx) => {
      if (!(await repo.lockTechnician(tx.db, tx.company.id, utenteId))) throw notFound('Tecnico');
      const env: WriteEnv = { ctx: tx, s, utenteId, by };
      const ids: string[] = [];
      for (const [i, op] of ops.entries()) {
        const id = await apply(env, op, `operazioni.${i}`, limit);
        if (id) ids.push(id);
      }
      if (input.approvazione) await approval(env, `${input.approvazione.mese}-01`, input.approvazione.azione);
      return ids;
    })
    .catch(openIntervalConflict);
  const items: ClockingRecord[] = [];
  for (const id of new Set(changed)) {
    const row = await repo.findRecord(ctx.db, ctx.company.id, id);
    if (row) items.push(await recordView(ctx, row));
  }
  return { items, mese: input.approvazione ? await monthState(ctx, utenteId, `${input.approvazione.mese}-01`) : null };
}

function notAhead(at: Date | null, limit: number, path: string) {
  if (at && at.getTime() > limit) {
    throw new AppError('VALIDATION', 'Una timbratura non può essere nel futuro', [{ path, message: 'nel futuro' }]);
  }
}

async function recordOf(env: WriteEnv, id: string) {
  const row = await repo.findRecord(env.ctx.db, env.ctx.company.id, id);
  if (!row || row.utenteId !== env.utenteId) throw notFound('Timbratura');
  return row;
}

/** One operation; answers the id of the record it entered or changed (none for a removal). */
async function apply(env: WriteEnv, op: Operation, path: string, limit: number): Promise<string | null> {
  switch (op.op) {
    case 'INSERISCI': {
      const start = new Date(op.start);
      const end = op.end ? new Date(op.end) : null;
      notAhead(start, limit, `${path}.start`);
      notAhead(end, limit, `${path}.end`);
      const id = await insertInterval(env, {
        tipo: op.tipo,
        origine: 'UFFICIO',
        start,
        end,
        timezone: op.timezone ?? env.ctx.company.timezone,
        ...(op.clienteId ? { clienteId: op.clienteId } : {}),
        ...(op.km !== undefined ? { km: op.km } : {}),
      });
      // Who entered it and why: version 0 of its history (the record's `versione` counts corrections).
      await repo.insertVersion(env.ctx.db, {
        aziendaId: env.ctx.company.id,
        timbraturaId: id,
        versione: 0,
        timbraturaStart: start,
        timbraturaEnd: end,
        motivo: op.motivo,
        correttoDa: env.by,
        correttoIl: env.ctx.clock.now(),
      });
      return id;
    }
    case 'CORREGGI': {
      const start = new Date(op.start);
      const end = op.end ? new Date(op.end) : null;
      notAhead(start, limit, `${path}.start`);
      notAhead(end, limit, `${path}.end`);
      const row = await recordOf(env, op.id);
      await correctInterval(env, row, { start, end, motivo: op.motivo, ...(op.km !== undefined ? { km: op.km } : {}) });
      return row.id;
    }
    case 'ELIMINA':
      await removeInterval(env, await recordOf(env, op.id), true);
      return null;
    case 'RITORNO_NON_NECESSARIO': {
      const row = await recordOf(env, op.id);
      await markReturnNotNecessary(env, row);
      return row.id;
    }
  }
}

/** Approves (no interval of the month may be open) or unlocks the technician's month. */
async function approval(env: WriteEnv, mese: string, azione: 'APPROVA' | 'SBLOCCA') {
  const { ctx, utenteId, by } = env;
  if (azione === 'SBLOCCA') return months.unlock(ctx.db, ctx.company.id, utenteId, mese, by);
  if (await months.openBetween(ctx.db, ctx.company.id, utenteId, mese, lastDayOf(mese))) {
    throw new AppError('CLOCKING_OPEN_INTERVAL', 'Il mese ha un intervallo aperto: chiudilo prima di approvarlo');
  }
  const id = await months.approve(ctx.db, ctx.company.id, utenteId, mese, by);
  if (id) {
    await ctx.emit({
      type: 'clocking.month_approved',
      aggregateId: id,
      payload: { utente_id: utenteId, mese: mese.slice(0, 7), approvato_da: by },
    });
  }
}

async function monthState(ctx: CompanyContext, utenteId: string, mese: string): Promise<ClockingMonth> {
  const [x] = await months.approvalsBetween(ctx.db, ctx.company.id, mese, mese, utenteId);
  return {
    utenteId,
    mese: mese.slice(0, 7),
    approvato: !!x,
    approvatoDa: x?.byId ? { id: x.byId, name: x.name, surname: x.surname, username: x.username! } : null,
    approvatoIl: x ? new Date(x.approvatoIl).toISOString() : null,
  };
}
