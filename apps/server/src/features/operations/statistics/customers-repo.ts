import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { closingBounds, type Span } from './daily-repo.js';

/**
 * The customers tab (decision 0046): per customer, the reports opened in the span, the hours of the report days
 * in the span (by the report's customer) and the revenue of the reports closed in the span. Three grouped reads
 * joined on the customer: each walks its own covering index.
 */

export interface CustomerFigures {
  id: string;
  nome: string;
  rapportini: number;
  ore: number;
  viaggio: number;
  ricavi: number;
}

export async function perCustomer(db: DbOrTx, aziendaId: string, s: Span): Promise<CustomerFigures[]> {
  const r = await db.execute(sql`
    with o as (
      select r.cliente_id, count(*)::int as n from rapportini r
       where r.azienda_id = ${aziendaId} and r.data_apertura between ${s.from} and ${s.to}
       group by 1
    ), w as (
      select r.cliente_id, sum(g.totale_ore) as ore, sum(g.ore_viaggio) as viaggio
        from rapportini_giornate g
        join rapportini r on r.azienda_id = g.azienda_id and r.id = g.rapportino_id
       where g.azienda_id = ${aziendaId} and g.data between ${s.from} and ${s.to}
       group by 1
    ), c as (
      select r.cliente_id, sum(r.totale) as ricavi from rapportini r
       where r.azienda_id = ${aziendaId} and r.stato = 'CHIUSO' and ${closingBounds(s)}
       group by 1
    ), k as (
      select cliente_id from o union select cliente_id from w union select cliente_id from c
    )
    select k.cliente_id as id, cl.ragione_sociale as nome, coalesce(o.n, 0)::int as rapportini,
           coalesce(w.ore, 0)::float8 as ore, coalesce(w.viaggio, 0)::float8 as viaggio,
           coalesce(c.ricavi, 0)::float8 as ricavi
      from k
      join clienti cl on cl.azienda_id = ${aziendaId} and cl.id = k.cliente_id
      left join o on o.cliente_id = k.cliente_id
      left join w on w.cliente_id = k.cliente_id
      left join c on c.cliente_id = k.cliente_id`);
  return r.rows as unknown as CustomerFigures[];
}
