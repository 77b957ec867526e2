import type { Contract } from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';
import type { Tx } from '../../../platform/db/client.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { dropMediaOf, removeStored } from '../../registries/index.js';
import * as detailRepo from './detail-repo.js';
import { getContract } from './service.js';
import { CONTRACT_MESSAGES } from './validation.js';
import * as writes from './write-repo.js';

/**
 * DELETE /contratti/contratto/{id}: refused (403 FORBIDDEN) while work reports are on the contract
 * (end it early instead); otherwise the contract goes with its links, activities, dates and notices
 * (they cascade) and its files, whose bytes leave the storage quota in the same transaction (the
 * stored objects are removed once it has committed).
 */
export async function deleteContract(ctx: CompanyContext, id: string): Promise<void> {
  const aziendaId = ctx.company.id;
  const keys = await ctx.db.transaction(async (tx) => {
    // Locked before its files' usage row, as an upload to it locks them (issue 22).
    if (!(await detailRepo.contractRow(tx, aziendaId, id, true))) throw notFound('Contratto');
    if (await detailRepo.reportsOnContract(tx, aziendaId, id))
      throw new AppError('FORBIDDEN', CONTRACT_MESSAGES.conRapportini);
    const files = await dropMediaOf(tx, aziendaId, detailRepo.CONTRACT_MEDIA_SECTION, [id]);
    await writes.deleteContract(tx, aziendaId, id);
    return files;
  });
  await removeStored(ctx.deps, keys);
}

/**
 * POST /contratti/contratto/{id}/cessa: ends the contract early on `data` (not before its start) for
 * `motivo`; it is ceased from then on, and its dates after `data` not done nor made a report of go.
 */
export async function ceaseContract(
  ctx: CompanyContext,
  id: string,
  input: { data: string; motivo: string },
): Promise<Contract> {
  const aziendaId = ctx.company.id;
  await ctx.transaction(async (unit) => {
    const tx = unit.db as Tx;
    const c = await detailRepo.contractRow(tx, aziendaId, id);
    if (!c) throw notFound('Contratto');
    if (c.dataInizio && input.data < c.dataInizio) {
      const fields = [{ path: 'data', message: CONTRACT_MESSAGES.cessaPrimaInizio }];
      throw new AppError('VALIDATION', CONTRACT_MESSAGES.cessaPrimaInizio, fields);
    }
    await writes.cease(tx, aziendaId, id, input.data, input.motivo);
    await unit.emit({
      type: 'contract.ended',
      aggregateId: id,
      payload: {
        id,
        identificativo: c.identificativo,
        cliente_id: c.clienteId,
        data_fine: input.data,
        anticipata: true,
        motivo: input.motivo,
      },
    });
  });
  return getContract(ctx, id);
}
