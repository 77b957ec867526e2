import type { ClockingActionRequest, ClockingRecord } from '@fs/contract';
import { userOf, type CompanyContext } from '../../../platform/context.js';
import { AppError, notFound } from '../../../platform/errors.js';
import * as repo from './repo.js';
import { clockingSettings } from './settings.js';
import {
  closeInterval,
  insertInterval,
  markReturnNotNecessary,
  openIntervalConflict,
  removeInterval,
} from './writes.js';
import { recordView } from './read-service.js';

/**
 * The technician's own clock (POST /timbrature/timbratura; decision 0045): an entry opens an
 * interval, an exit closes the open one, an outward travel's return marked not necessary, a free
 * record removed. Refused while the company's clocking option is off.
 */
export async function clock(ctx: CompanyContext, input: ClockingActionRequest): Promise<ClockingRecord | null> {
  const me = userOf(ctx).userId;
  const s = await clockingSettings(ctx);
  if (!s.enabled) throw new AppError('CLOCKING_DISABLED', 'Le timbrature non sono attive per questa azienda');
  const now = ctx.clock.now();
  const id = await ctx
    .transaction(async (tx) => {
      await repo.lockTechnician(tx.db, tx.company.id, me);
      const env = { ctx: tx, s, utenteId: me, by: me };
      switch (input.azione) {
        case 'ENTRATA':
          return insertInterval(env, {
            tipo: input.tipo,
            origine: 'TECNICO',
            start: now,
            end: null,
            timezone: input.timezone,
            ...(input.clienteId ? { clienteId: input.clienteId } : {}),
            ...(input.km !== undefined ? { km: input.km } : {}),
            ...(input.posizione ? { fix: input.posizione } : {}),
          });
        case 'USCITA': {
          const open = await repo.openRecord(tx.db, tx.company.id, me);
          if (!open) throw new AppError('CLOCKING_NO_OPEN_INTERVAL', 'Nessun intervallo aperto da chiudere');
          await closeInterval(env, open, now, input.posizione);
          return open.id;
        }
        case 'RITORNO_NON_NECESSARIO': {
          const row = await ownRecord(tx, me, input.id);
          await markReturnNotNecessary(env, row);
          return row.id;
        }
        case 'ELIMINA': {
          const row = await ownRecord(tx, me, input.id);
          await removeInterval(env, row, false);
          return null;
        }
      }
    })
    .catch(openIntervalConflict);
  if (!id) return null;
  const row = (await repo.findRecord(ctx.db, ctx.company.id, id))!;
  return recordView(ctx, row);
}

/** One of the caller's own records (another's, or another company's, is not found). */
async function ownRecord(ctx: CompanyContext, me: string, id: string) {
  const row = await repo.findRecord(ctx.db, ctx.company.id, id);
  if (!row || row.utenteId !== me) throw notFound('Timbratura');
  return row;
}
