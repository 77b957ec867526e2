import {
  CONTRATTI_TABLE,
  type Contratto,
  type ContrattoBreve,
  type ContrattoRow,
  type PriceSet,
  type TableInfos,
} from '@fs/contract';
import type { z } from 'zod';
import type { contrattiFilteredQuery } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { todayOn } from '../../../platform/clock.js';
import { notFound } from '../../../platform/errors.js';
import { tableInfos as tableInfosFor } from '../../shell/index.js';
import * as detailRepo from './detail-repo.js';
import * as lists from './list-repo.js';
import { toBreve, toContratto, toRow } from './presenter.js';
import * as repo from './repo.js';

/** The contract's day: states and deadlines count in the company's calendar, by the clock. */
export const today = (deps: Pick<Deps, 'clock'>, actor: Pick<Actor, 'timezone'>) => todayOn(deps.clock, actor.timezone);

/** GET /contratti/cliente/{id}: an unknown customer (or another company's) answers 404. */
export async function ofCustomer(deps: Deps, actor: Actor, clienteId: string): Promise<ContrattoBreve[]> {
  if (!(await repo.customerExists(deps.db, actor.aziendaId, clienteId))) throw notFound('Cliente');
  const day = today(deps, actor);
  return (await repo.ofCustomer(deps.db, actor.aziendaId, clienteId)).map((c) => toBreve(c, day));
}

/** GET /contratti/contratto/{id}: another company's contract answers 404. */
export async function getContract(deps: Deps, actor: Actor, id: string): Promise<Contratto> {
  const day = today(deps, actor);
  const d = await detailRepo.detail(deps.db, actor.aziendaId, id, day);
  if (!d) throw notFound('Contratto');
  return toContratto(d, day);
}

type ListInput = z.output<typeof contrattiFilteredQuery>;

/** GET /contratti/contratti-filtered. */
export async function list(
  deps: Deps,
  actor: Actor,
  q: ListInput,
): Promise<{ items: ContrattoRow[]; totaleElementi: number; tableInfos?: TableInfos }> {
  const day = today(deps, actor);
  const page = await lists.list(
    deps.db,
    actor.aziendaId,
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
  const infos = q.tableInfos ? await tableInfosFor(deps, actor, CONTRATTI_TABLE) : undefined;
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
