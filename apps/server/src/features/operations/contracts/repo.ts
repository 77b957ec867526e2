import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ContractPrices } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import { contratti } from '../../../platform/db/schema-contracts.js';
import { clienti } from '../../../platform/db/schema-customers.js';

/** Contracts as work reports read them (operations/contracts). Every query filters on the company. */

/**
 * Hours of the closed reports on the contract (what counts down an on-call contract). The outer
 * columns are named with their table: Drizzle leaves them bare in a one-table select, where inside
 * this subquery a bare "id" would be the report's.
 */
export const oreUsateSql = sql<string>`(select coalesce(sum(r.totale_ore), 0)::text from rapportini r
  where r.azienda_id = "contratti"."azienda_id" and r.contratto_id = "contratti"."id" and r.stato = 'CHIUSO')`;

export const brief = {
  id: contratti.id,
  clienteId: contratti.clienteId,
  identificativo: contratti.identificativo,
  descrizione: contratti.descrizione,
  tipo: contratti.tipo,
  dataInizio: contratti.dataInizio,
  dataFine: contratti.dataFine,
  cessato: contratti.cessato,
  abilitaPrezziContratto: contratti.abilitaPrezziContratto,
  oreContratto: contratti.oreContratto,
  mailAvvisoScadenzaSent: contratti.mailAvvisoScadenzaSent,
  rinnovoAutomatico: contratti.rinnovoAutomatico,
  oreUsate: oreUsateSql,
  prezzi: contratti.prezzi,
};
export interface ContractBrief {
  id: string;
  clienteId: string;
  identificativo: string;
  descrizione: string | null;
  tipo: string;
  dataInizio: string | null;
  dataFine: string | null;
  cessato: boolean;
  abilitaPrezziContratto: boolean;
  oreContratto: string | null;
  mailAvvisoScadenzaSent: boolean;
  rinnovoAutomatico: boolean;
  oreUsate: string;
  prezzi: ContractPrices | null;
}

/** The customer's contracts: the running ones first, then by end date (latest first). */
export async function ofCustomer(db: DbOrTx, aziendaId: string, clienteId: string): Promise<ContractBrief[]> {
  return db
    .select(brief)
    .from(contratti)
    .where(and(eq(contratti.aziendaId, aziendaId), eq(contratti.clienteId, clienteId)))
    .orderBy(asc(contratti.cessato), desc(contratti.dataFine), asc(contratti.identificativo));
}

export async function byId(db: DbOrTx, aziendaId: string, id: string): Promise<ContractBrief | undefined> {
  const [r] = await db
    .select(brief)
    .from(contratti)
    .where(and(eq(contratti.aziendaId, aziendaId), eq(contratti.id, id)));
  return r;
}

export async function customerExists(db: DbOrTx, aziendaId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: clienti.id })
    .from(clienti)
    .where(and(eq(clienti.aziendaId, aziendaId), eq(clienti.id, id)));
  return rows.length > 0;
}
