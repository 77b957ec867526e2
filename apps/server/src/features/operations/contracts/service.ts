import {
  CONTRACTS_TABLE,
  type Contract,
  type ContractSummary,
  type ContractRow,
  type PriceSet,
  type TableInfos,
} from '@fs/contract';
import type { z } from 'zod';
import type { contractsFilteredQuery } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import { todayOf, type CompanyContext } from '../../../platform/context.js';
import { notFound } from '../../../platform/errors.js';
import { tableInfos as tableInfosFor } from '../../shell/index.js';
import * as detailRepo from './detail-repo.js';
import * as lists from './list-repo.js';
import { toBreve, toContratto, toRow } from './presenter.js';
import * as repo from './repo.js';

/** GET /contratti/cliente/{id}: an unknown customer (or another company's) answers 404. */
export async function ofCustomer(ctx: CompanyContext, clienteId: string): Promise<ContractSummary[]> {
  if (!(await repo.customerExists(ctx.db, ctx.company.id, clienteId))) throw notFound('Cliente');
  const day = todayOf(ctx);
  return (await repo.ofCustomer(ctx.db, ctx.company.id, clienteId)).map((c) => toBreve(c, day));
}

/** GET /contratti/contratto/{id}: another company's contract answers 404. */
export async function getContract(ctx: CompanyContext, id: string): Promise<Contract> {
  const day = todayOf(ctx);
  const d = await detailRepo.detail(ctx.db, ctx.company.id, id, day);
  if (!d) throw notFound('Contratto');
  return toContratto(d, day);
}

type ListInput = z.output<typeof contractsFilteredQuery>;

/** GET /contratti/contratti-filtered. */
export async function list(
  ctx: CompanyContext,
  q: ListInput,
): Promise<{ items: ContractRow[]; totaleElementi: number; tableInfos?: TableInfos }> {
  const day = todayOf(ctx);
  const page = await lists.list(
    ctx.db,
    ctx.company.id,
    {
      clienteId: q.cliente_id,
      tipo: q.tipo,
      stato: q.stato,
      scadenzaGiorni: q.scadenza_giorni,
      q: q.q,
      today: day,
    },
    q,
  );
  const infos = q.tableInfos ? await tableInfosFor(ctx, CONTRACTS_TABLE) : undefined;
  return {
    items: page.items.map((r) => toRow(r, day)),
    totaleElementi: page.total,
    ...(infos ? { tableInfos: infos } : {}),
  };
}

/**
 * The contract a report may be put on: the company's and the report's customer's (else a field
 * problem message). A ceased contract still holds its old reports, so it stays accepted.
 */
export async function contractForReport(
  db: DbOrTx,
  aziendaId: string,
  contrattoId: string,
  clienteId: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const c = await repo.byId(db, aziendaId, contrattoId);
  if (!c) return { ok: false, message: 'Contratto non trovato' };
  if (c.clienteId !== clienteId) return { ok: false, message: 'Il contratto non è di questo cliente' };
  return { ok: true };
}

/** The prices a report on the contract takes: only when the contract enables them (abilitaPrezziContratto). */
export async function pricesForReport(
  db: DbOrTx,
  aziendaId: string,
  contrattoId: string | null,
): Promise<PriceSet | null> {
  if (!contrattoId) return null;
  const c = await repo.byId(db, aziendaId, contrattoId);
  if (!c?.abilitaPrezziContratto || !c.prezzi) return null;
  const p = c.prezzi;
  return {
    ora: p.ora,
    ora_viaggio: p.ora_viaggio,
    km: p.km,
    trasferta: p.trasferta,
    pranzo: p.pranzo,
    cena: p.cena,
    pernottamento: p.pernottamento,
    diritto_chiamata: p.diritto_chiamata,
    importo_forfait: p.importo_forfait,
    materiale: p.materiale,
    attivita_contratto: p.attivita_contratto,
  };
}
