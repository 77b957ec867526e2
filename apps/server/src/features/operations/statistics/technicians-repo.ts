import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { closingBounds, type Span } from './daily-repo.js';

/**
 * The technicians tab (decision 0046): per user, the report days of the span by their technician, the clocked
 * work and travel intervals starting on a day of the span (the calculated minutes), the reports closed in the
 * span the user is assigned to. Every active technician is listed (zeros included) and anyone else with figures,
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
    with w as (
      select g.tecnico_id as id, sum(g.totale_ore) as ore, sum(g.ore_viaggio) as viaggio, sum(g.km_viaggio) as km
        from rapportini_giornate g
       where g.azienda_id = ${aziendaId} and g.data between ${s.from} and ${s.to} and g.tecnico_id is not null
       group by 1
    ), t as (
      select t.utente_id as id,
             sum(t.minuti_calcolati) filter (where t.tipo = 'LAVORO') as lavoro,
             sum(t.minuti_calcolati) filter (where t.tipo <> 'LAVORO') as viaggio
        from timbrature t
       where t.azienda_id = ${aziendaId} and t.giorno between ${s.from} and ${s.to}
       group by 1
    ), c as (
      select rt.utente_id as id, count(*)::int as n
        from rapportini r
        join rapportini_tecnici rt on rt.azienda_id = r.azienda_id and rt.rapportino_id = r.id
       where r.azienda_id = ${aziendaId} and r.stato = 'CHIUSO' and ${closingBounds(s)}
       group by 1
    )
    select u.id, coalesce(nullif(concat_ws(' ', nullif(u.name, ''), nullif(u.surname, '')), ''), u.username) as nome,
           coalesce(w.ore, 0)::float8 as ore, coalesce(w.viaggio, 0)::float8 as viaggio, coalesce(w.km, 0)::float8 as km,
           coalesce(t.lavoro, 0)::int as "lavoroMinuti", coalesce(t.viaggio, 0)::int as "viaggioMinuti",
           coalesce(c.n, 0)::int as chiusi
      from utenti u
      left join w on w.id = u.id
      left join t on t.id = u.id
      left join c on c.id = u.id
     where u.azienda_id = ${aziendaId}
       and ((u.status = 'ACTIVE' and u.scheduleenabled = 'Y') or w.id is not null or t.id is not null or c.id is not null)
     order by u.ordine, u.created_at, u.id`);
  return r.rows as unknown as TechnicianFigures[];
}
