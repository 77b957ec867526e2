import { oreResidue, statoContratto, todayIn, type ContrattoBreve, type PriceSet } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { notFound } from '../../../platform/errors.js';
import * as repo from './repo.js';

const present = (c: repo.ContractBrief): ContrattoBreve => ({
  id: c.id,
  identificativo: c.identificativo,
  descrizione: c.descrizione,
  tipo: c.tipo as ContrattoBreve['tipo'],
  data_inizio: c.dataInizio,
  data_fine: c.dataFine,
  cessato: c.cessato,
  abilitaPrezziContratto: c.abilitaPrezziContratto,
  stato: statoContratto(
    {
      cessato: c.cessato,
      data_fine: c.dataFine,
      rinnovo_automatico: c.rinnovoAutomatico,
      mailAvvisoScadenzaSent: c.mailAvvisoScadenzaSent,
    },
    todayIn('Europe/Rome'),
  ),
  ore_contratto: c.tipo === 'chiamata' ? c.oreContratto : null,
  ore_residue: c.tipo === 'chiamata' ? oreResidue(c.oreContratto, c.oreUsate) : null,
});

/** GET /contratti/cliente/{id}: an unknown customer (or another company's) answers 404. */
export async function ofCustomer(deps: Deps, actor: Actor, clienteId: string): Promise<ContrattoBreve[]> {
  if (!(await repo.customerExists(deps.db, actor.aziendaId, clienteId))) throw notFound('Cliente');
  return (await repo.ofCustomer(deps.db, actor.aziendaId, clienteId)).map(present);
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
  };
}
