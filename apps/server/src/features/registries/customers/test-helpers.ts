import { randomPartitaIva } from '../../../test/factories.js';

/** A valid customer payload; override what the test is about. */
export function newCliente(over: Record<string, unknown> = {}) {
  return {
    ragione_sociale: `Cliente ${Math.random().toString(36).slice(2, 8)}`,
    partita_iva: randomPartitaIva(),
    indirizzo: 'Via Roma 1',
    citta: 'Milano',
    provincia: 'mi',
    cap: '20121',
    ...over,
  };
}

/** Inserts `n` customers of a company straight in SQL (limits, paging). */
export async function bulkClienti(
  sql: (q: string, p?: unknown[]) => Promise<unknown>,
  aziendaId: string,
  n: number,
  prefix = 'Bulk',
) {
  await sql(
    `insert into clienti (azienda_id, ragione_sociale, codice, citta, provincia)
     select $1, $2 || ' ' || lpad(g::text, 6, '0'), 'C' || g, case when g % 2 = 0 then 'Torino' else 'Bari' end, case when g % 2 = 0 then 'TO' else 'BA' end
     from generate_series(1, $3::int) g`,
    [aziendaId, prefix, n],
  );
}
