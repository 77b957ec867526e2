import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { closingBounds, type Span } from './daily-repo.js';

/**
 * The contracts tab (decision 0046). A contract is in force in the span when it does not start after it and has
 * not ended before it (its end is the earlier of data_fine and data_cessazione). On-call hours used are the
 * kept hours (`totale_ore`) of the closed reports on the contract, all time; an activity date is due on `data`,
 * done on the company day of `fatta_at`.
 */

const inForce = (s: Span) =>
  sql`(k.data_inizio is null or k.data_inizio <= ${s.to}::date)
      and coalesce(least(k.data_fine, k.data_cessazione), 'infinity'::date) >= ${s.from}::date`;

export async function activeCount(db: DbOrTx, aziendaId: string, s: Span): Promise<number> {
  const r = await db.execute(sql`
    select count(*)::int as n from contratti k where k.azienda_id = ${aziendaId} and ${inForce(s)}`);
  return (r.rows[0] as { n: number }).n;
}

export interface OnCallRow {
  id: string;
  identificativo: string;
  clienteId: string;
  cliente: string;
  acquistate: number;
  usate: number;
  usateNelPeriodo: number;
}

/** Every on-call contract in force in the span, with its hours bought, used (all time) and used in the span. */
export async function onCall(db: DbOrTx, aziendaId: string, s: Span): Promise<OnCallRow[]> {
  const r = await db.execute(sql`
    select k.id, k.identificativo, k.cliente_id as "clienteId", cl.ragione_sociale as cliente,
           coalesce(k.ore_contratto, 0)::float8 as acquistate,
           coalesce(u.usate, 0)::float8 as usate, coalesce(u.periodo, 0)::float8 as "usateNelPeriodo"
      from contratti k
      join clienti cl on cl.azienda_id = k.azienda_id and cl.id = k.cliente_id
      left join lateral (
        select sum(r.totale_ore) as usate, sum(r.totale_ore) filter (where ${closingBounds(s)}) as periodo
          from rapportini r
         where r.azienda_id = k.azienda_id and r.contratto_id = k.id and r.stato = 'CHIUSO'
      ) u on true
     where k.azienda_id = ${aziendaId} and k.tipo = 'chiamata' and ${inForce(s)}`);
  return r.rows as unknown as OnCallRow[];
}

export interface MaintenanceRow {
  id: string;
  identificativo: string;
  clienteId: string;
  cliente: string;
  inTempo: number;
  inRitardo: number;
  scadute: number;
  programmate: number;
}

/** Per maintenance contract, its activity dates due in the span: done by their day, after it, overdue, to come. */
export async function maintenance(db: DbOrTx, aziendaId: string, s: Span, today: string): Promise<MaintenanceRow[]> {
  const done = sql`(d.fatta_at at time zone ${s.timeZone})::date`;
  // The dates summed by contract first (index-only), then the few contracts joined: not the dates joined one by one.
  const r = await db.execute(sql`
    with a as (
      select d.contratto_id,
             count(*) filter (where d.fatta_at is not null and ${done} <= d.data)::int as "inTempo",
             count(*) filter (where d.fatta_at is not null and ${done} > d.data)::int as "inRitardo",
             count(*) filter (where d.fatta_at is null and d.data < ${today}::date)::int as scadute,
             count(*) filter (where d.fatta_at is null and d.data >= ${today}::date)::int as programmate
        from attivita_date d
       where d.azienda_id = ${aziendaId} and d.data between ${s.from} and ${s.to}
       group by 1
    )
    select k.id, k.identificativo, k.cliente_id as "clienteId", cl.ragione_sociale as cliente,
           a."inTempo", a."inRitardo", a.scadute, a.programmate
      from a
      join contratti k on k.azienda_id = ${aziendaId} and k.id = a.contratto_id
      join clienti cl on cl.azienda_id = k.azienda_id and cl.id = k.cliente_id
     where k.tipo = 'manutenzione'
     order by lower(k.identificativo), k.id`);
  return r.rows as unknown as MaintenanceRow[];
}

export interface ContractFigures {
  id: string;
  identificativo: string;
  tipo: 'manutenzione' | 'chiamata';
  clienteId: string;
  cliente: string;
  rapportini: number;
  ore: number;
  viaggio: number;
  ricavi: number;
}

/** Per contract with reports opened in the span: those reports, the hours of its report days in the span, the revenue. */
export async function perContract(db: DbOrTx, aziendaId: string, s: Span): Promise<ContractFigures[]> {
  const r = await db.execute(sql`
    with o as (
      select r.contratto_id, count(*)::int as n from rapportini r
       where r.azienda_id = ${aziendaId} and r.data_apertura between ${s.from} and ${s.to} and r.contratto_id is not null
       group by 1
    ), w as (
      select r.contratto_id, sum(g.totale_ore) as ore, sum(g.ore_viaggio) as viaggio
        from rapportini_giornate g
        join rapportini r on r.azienda_id = g.azienda_id and r.id = g.rapportino_id
       where g.azienda_id = ${aziendaId} and g.data between ${s.from} and ${s.to} and r.contratto_id is not null
       group by 1
    ), c as (
      select r.contratto_id, sum(r.totale) as ricavi from rapportini r
       where r.azienda_id = ${aziendaId} and r.stato = 'CHIUSO' and ${closingBounds(s)} and r.contratto_id is not null
       group by 1
    )
    select k.id, k.identificativo, k.tipo, k.cliente_id as "clienteId", cl.ragione_sociale as cliente,
           o.n as rapportini, coalesce(w.ore, 0)::float8 as ore, coalesce(w.viaggio, 0)::float8 as viaggio,
           coalesce(c.ricavi, 0)::float8 as ricavi
      from o
      join contratti k on k.azienda_id = ${aziendaId} and k.id = o.contratto_id
      join clienti cl on cl.azienda_id = k.azienda_id and cl.id = k.cliente_id
      left join w on w.contratto_id = o.contratto_id
      left join c on c.contratto_id = o.contratto_id
     order by ore desc, o.n desc, lower(k.identificativo), k.id`);
  return r.rows as unknown as ContractFigures[];
}

/** Revenue of the reports closed in the span on a contract. */
export async function contractRevenue(db: DbOrTx, aziendaId: string, s: Span): Promise<number> {
  const r = await db.execute(sql`
    select coalesce(sum(r.totale), 0)::float8 as ricavi from rapportini r
     where r.azienda_id = ${aziendaId} and r.stato = 'CHIUSO' and ${closingBounds(s)} and r.contratto_id is not null`);
  return Number((r.rows[0] as { ricavi: number }).ricavi);
}

export interface ExpiringRow {
  id: string;
  identificativo: string;
  tipo: 'manutenzione' | 'chiamata';
  clienteId: string;
  cliente: string;
  dataFine: string;
  giorni: number;
  rinnovoAutomatico: boolean;
}

/** Contracts not ended that end between today and today + `giorni`, the soonest first. */
export async function expiring(db: DbOrTx, aziendaId: string, today: string, giorni: number): Promise<ExpiringRow[]> {
  const r = await db.execute(sql`
    select k.id, k.identificativo, k.tipo, k.cliente_id as "clienteId", cl.ragione_sociale as cliente,
           k.data_fine::text as "dataFine", (k.data_fine - ${today}::date)::int as giorni,
           k.rinnovo_automatico as "rinnovoAutomatico"
      from contratti k
      join clienti cl on cl.azienda_id = k.azienda_id and cl.id = k.cliente_id
     where k.azienda_id = ${aziendaId} and not k.cessato
       and k.data_fine between ${today}::date and ${today}::date + ${giorni}::int
     order by k.data_fine, lower(k.identificativo), k.id`);
  return r.rows as unknown as ExpiringRow[];
}

/** The most overdue first: at most this many activity dates are listed. */
export const OVERDUE_LIMIT = 500;

export interface OverdueRow {
  id: string;
  contrattoId: string;
  identificativo: string;
  clienteId: string;
  cliente: string;
  descrizione: string;
  data: string;
  giorni: number;
}

/** Activity dates not done whose due day is before today, of contracts not ended early, the oldest first. */
export async function overdue(db: DbOrTx, aziendaId: string, today: string): Promise<OverdueRow[]> {
  const r = await db.execute(sql`
    select d.id, k.id as "contrattoId", k.identificativo, k.cliente_id as "clienteId", cl.ragione_sociale as cliente,
           a.descrizione, d.data::text as data, (${today}::date - d.data)::int as giorni
      from attivita_date d
      join contratti_attivita a on a.azienda_id = d.azienda_id and a.id = d.attivita_id
      join contratti k on k.azienda_id = d.azienda_id and k.id = d.contratto_id
      join clienti cl on cl.azienda_id = k.azienda_id and cl.id = k.cliente_id
     where d.azienda_id = ${aziendaId} and d.fatta_at is null and d.data < ${today}::date and not k.cessato
     order by d.data, d.id
     limit ${OVERDUE_LIMIT}`);
  return r.rows as unknown as OverdueRow[];
}
