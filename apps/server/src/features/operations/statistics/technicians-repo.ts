import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import type { Span } from './daily-repo.js';

/**
 * The technicians tab (decision 0046): per user, the report days of the span by their technician, the clocked
 * work and travel intervals starting on a day of the span (the calculated minutes), the reports closed in the
 * span the user is assigned to; all read from the daily sums per user kept by triggers (statistiche_tecnici_giorni,
 * migration 0041: at most 366 days of rows per user). Every active technician is listed (zeros included) and anyone else with figures,
 * in the technicians' display order (utenti.ordine, as the planner colours them).
 */

export interface TechnicianFigures {
  id: string;
  nome: string;
  ore: number;
  viaggio: number;
  km: number;
  lavoroMinuti: number;
  viaggioMinuti: number;
  chiusi: number;
}

export async function perTechnician(db: DbOrTx, aziendaId: string, s: Span): Promise<TechnicianFigures[]> {
  const r = await db.execute(sql`
    with d as (
      select d.utente_id as id, sum(d.ore) as ore, sum(d.ore_viaggio) as viaggio, sum(d.km) as km,
             sum(d.lavoro_minuti) as lavoro, sum(d.viaggio_minuti) as "viaggioMin", sum(d.chiusi) as chiusi
        from statistiche_tecnici_giorni d
       where d.azienda_id = ${aziendaId} and d.giorno between ${s.from} and ${s.to}
       group by 1
      having sum(d.ore) <> 0 or sum(d.ore_viaggio) <> 0 or sum(d.km) <> 0 or sum(d.lavoro_minuti) <> 0
          or sum(d.viaggio_minuti) <> 0 or sum(d.chiusi) <> 0
    )
    select u.id, coalesce(nullif(concat_ws(' ', nullif(u.name, ''), nullif(u.surname, '')), ''), u.username) as nome,
           coalesce(d.ore, 0)::float8 as ore, coalesce(d.viaggio, 0)::float8 as viaggio, coalesce(d.km, 0)::float8 as km,
           coalesce(d.lavoro, 0)::int as "lavoroMinuti", coalesce(d."viaggioMin", 0)::int as "viaggioMinuti",
           coalesce(d.chiusi, 0)::int as chiusi
      from utenti u
      left join d on d.id = u.id
     where u.azienda_id = ${aziendaId}
       and ((u.status = 'ACTIVE' and u.scheduleenabled = 'Y') or d.id is not null)
     order by u.ordine, u.created_at, u.id`);
  return r.rows as unknown as TechnicianFigures[];
}
