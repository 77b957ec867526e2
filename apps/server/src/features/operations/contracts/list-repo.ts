import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CONTRACTS_TABLE, type ContractColumn, type ContractState, type ContractType } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import { contratti } from '../../../platform/db/schema-contracts.js';
import { clienti } from '../../../platform/db/schema-customers.js';
import { orderOf, readPage, searchCondition, type Page, type PageRead } from '../../../platform/lists.js';
import { brief, type ContractBrief } from './repo.js';

/** The contract list (GET /contratti/contratti-filtered). */

export interface ListFilters {
  clienteId?: string;
  tipo?: ContractType;
  stato?: ContractState;
  /** Running contracts ending within these days from `today`. */
  scadenzaGiorni?: number;
  q?: string;
  /** YYYY-MM-DD on the company's calendar: what "past its end" and "within N days" count from. */
  today: string;
}

/** statoContratto() in SQL: ceased when ended early or past its end without automatic renewal. */
const ceased = (today: string) =>
  sql`(${contratti.cessato} or (${contratti.dataFine} is not null and ${contratti.dataFine} < ${today}::date and not ${contratti.rinnovoAutomatico}))`;

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(aziendaId: string, f: ListFilters): SQL {
  const conds: (SQL | undefined)[] = [eq(contratti.aziendaId, aziendaId)];
  if (f.clienteId) conds.push(eq(contratti.clienteId, f.clienteId));
  if (f.tipo) conds.push(eq(contratti.tipo, f.tipo));
  if (f.stato === 'cessato') conds.push(ceased(f.today));
  else if (f.stato === 'in_scadenza') conds.push(sql`not ${ceased(f.today)} and ${contratti.mailAvvisoScadenzaSent}`);
  else if (f.stato === 'attivo') conds.push(sql`not ${ceased(f.today)} and not ${contratti.mailAvvisoScadenzaSent}`);
  if (f.scadenzaGiorni !== undefined) {
    conds.push(
      sql`not ${ceased(f.today)} and ${contratti.dataFine} between ${f.today}::date and ${f.today}::date + ${f.scadenzaGiorni}::int`,
    );
  }
  if (f.q?.trim()) {
    const term = f.q.trim();
    conds.push(
      sql`(${contratti.identificativo} ilike ${escapeLike(term)} or ${contratti.descrizione} ilike ${escapeLike(term)} or ${searchCondition(clienti.searchText, term)})`,
    );
  }
  return and(...conds)!;
}

const SORTABLE: Partial<Record<ContractColumn, SQL>> = {
  identificativo: sql`lower(${contratti.identificativo})`,
  cliente: sql`lower(${clienti.ragioneSociale})`,
  data_inizio: sql`${contratti.dataInizio}`,
  data_fine: sql`${contratti.dataFine}`,
};

export type ListRow = ContractBrief & { cliente: string };

const joinCustomer = and(eq(clienti.aziendaId, contratti.aziendaId), eq(clienti.id, contratti.clienteId));

export async function list(
  db: DbOrTx,
  aziendaId: string,
  f: ListFilters,
  q: { page: number; size: number; sort: ContractColumn; dir: 'asc' | 'desc'; totale?: number },
): Promise<Page<ListRow>> {
  const cond = where(aziendaId, f);
  const count = async () => {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(contratti)
      .innerJoin(clienti, joinCustomer)
      .where(cond);
    return r?.n ?? 0;
  };
  const rows = async (read: PageRead) =>
    (await db
      .select({ ...brief, cliente: clienti.ragioneSociale })
      .from(contratti)
      .innerJoin(clienti, joinCustomer)
      .where(cond)
      .orderBy(...orderOf(CONTRACTS_TABLE, SORTABLE, q, contratti.id, { reverse: read.reverse }))
      .limit(read.limit)
      .offset(read.offset)) as ListRow[];
  return readPage({ limit: q.size, offset: (q.page - 1) * q.size }, count, rows, q.totale);
}
