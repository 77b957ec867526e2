import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { closingBounds, closingDay, type Span } from './daily-repo.js';

/** The interventions tab's breakdowns (decision 0046): reports in the span by type and by job role, closing delay. */

export async function byType(db: DbOrTx, aziendaId: string, s: Span): Promise<{ tipo: string | null; n: number }[]> {
  const r = await db.execute(sql`
    select nullif(trim(r.tipo_intervento), '') as tipo, count(*)::int as n
      from rapportini r
     where r.azienda_id = ${aziendaId} and r.data_apertura between ${s.from} and ${s.to}
     group by 1
     order by n desc, tipo nulls last`);
  return r.rows as unknown as { tipo: string | null; n: number }[];
}

/** Per job role of the reports in the span (a report with two roles counts for both; one without any in `null`). */
export async function byJobRole(
  db: DbOrTx,
  aziendaId: string,
  s: Span,
): Promise<{ id: string | null; nome: string | null; n: number }[]> {
  const r = await db.execute(sql`
    select m.id, m.nome, count(*)::int as n
      from rapportini r
      left join rapportini_mansioni rm on rm.azienda_id = r.azienda_id and rm.rapportino_id = r.id
      left join mansioni m on m.azienda_id = rm.azienda_id and m.id = rm.mansione_id
     where r.azienda_id = ${aziendaId} and r.data_apertura between ${s.from} and ${s.to}
     group by m.id, m.nome
     order by n desc, m.nome nulls last`);
  return r.rows as unknown as { id: string | null; nome: string | null; n: number }[];
}

/** Average company days from opening to closing of the reports closed in the span; null with none. */
export async function averageClosingDays(db: DbOrTx, aziendaId: string, s: Span): Promise<number | null> {
  const r = await db.execute(sql`
    select avg(${closingDay(s.timeZone)} - r.data_apertura)::float8 as giorni
      from rapportini r
     where r.azienda_id = ${aziendaId} and r.stato = 'CHIUSO' and ${closingBounds(s)}`);
  const v = (r.rows[0] as { giorni: number | null }).giorni;
  return v === null ? null : Number(v);
}
