import { sql, type SQL } from 'drizzle-orm';

/**
 * Appointments lo..hi (of `total`) of the large company in one statement (data-modifying CTEs), for
 * the planner benchmark (issue 14): spread over the working days (Monday to Friday) of three years,
 * from about 34 months back to 2 months ahead, among the technicians, each technician's day in
 * slots of 90 minutes from 8:00 in Rome (a fifth slot at 14:20, a sixth at 15:55; every 25th
 * appointment all day instead). Each has a customer (with its first plant), every tenth a second
 * technician, every fourth in the past the report it led to (each report by one appointment at
 * most, decision 0040; the appointment takes the report's customer and plant) while reports last, and a job role when the company has some. Their technicians' links carry the start, as
 * the service writes them.
 */
const n = (v: number) => sql.raw(String(Math.trunc(v)));

/** Days of the span: back from today, and ahead. */
export const APPOINTMENT_SPAN = { back: 3 * 365 - 60, ahead: 60 } as const;

const TITLES = [
  'Manutenzione ordinaria',
  'Guasto segnalato dal cliente',
  'Verifica periodica',
  'Sopralluogo',
  'Installazione',
  'Controllo fumi',
  'Sostituzione componente',
];

export function appointmentsBatch(aziendaId: string, lo: number, hi: number, technicians: string[]): SQL {
  const techs = sql.raw(`array[${technicians.map((t) => `'${t}'::uuid`).join(',')}]`);
  const titles = sql.raw(`array[${TITLES.map((s) => `'${s}'`).join(',')}]`);
  return sql`
    with wd as (
      select d::date as day, (row_number() over (order by d)) - 1 as rn
        from generate_series(current_date - ${n(APPOINTMENT_SPAN.back)}, current_date + ${n(APPOINTMENT_SPAN.ahead)}, interval '1 day') d
       where extract(isodow from d) < 6
    ), cl as (
      select c.id, (row_number() over (order by c.id)) - 1 as rn,
             (select p.id from impianti p where p.azienda_id = c.azienda_id and p.cliente_id = c.id order by p.id limit 1) as impianto_id
        from clienti c where c.azienda_id = ${aziendaId}::uuid
    ), rp as (
      select r.id, r.cliente_id, r.impianto_id, (row_number() over (order by r.id)) - 1 as rn
        from rapportini r where r.azienda_id = ${aziendaId}::uuid
    ), jobs as (
      select m.id, (row_number() over (order by m.nome)) - 1 as rn
        from mansioni m where m.azienda_id = ${aziendaId}::uuid
    ), src as (
      -- i-th appointment: its day, then its technician, then its slot in the technician's day (no two alike); the
      -- day along a permutation (7919 is prime, more than the days), so a few appointments still span the years.
      select g, gen_random_uuid() as id,
             (((g - 1) % nd.n) * 7919) % nd.n as di,
             ((g - 1) / nd.n) % ${n(technicians.length)} as t,
             ((g - 1) / (nd.n * ${n(technicians.length)})) % 6 as slot,
             (g * 7919) % (select count(*) from cl) as ci,
             g % nullif((select count(*) from jobs), 0) as ji
        from generate_series(${n(lo)}::bigint, ${n(hi)}::bigint) g, (select count(*) as n from wd) nd
    ), rows as (
      select src.*, wd.day, cl.id as cliente_id, cl.impianto_id, rp.id as rapportino_id, rp.cliente_id as rp_cliente,
             rp.impianto_id as rp_impianto, jobs.id as mansione_id,
             case when src.g % 25 = 0 then (wd.day::timestamp at time zone 'Europe/Rome')
                  else (wd.day + interval '8 hours' + src.slot * interval '95 minutes') at time zone 'Europe/Rome' end as inizio,
             case when src.g % 25 = 0 then ((wd.day + 1)::timestamp at time zone 'Europe/Rome')
                  else (wd.day + interval '9 hours 30 minutes' + src.slot * interval '95 minutes') at time zone 'Europe/Rome' end as fine
        from src
        join wd on wd.rn = src.di
        join cl on cl.rn = src.ci
        -- A report has one appointment at most (decision 0040): the g-th appointment takes report g / 4.
        left join rp on src.g % 4 = 0 and wd.day < current_date and rp.rn = src.g / 4
        left join jobs on src.g % 3 <> 0 and jobs.rn = src.ji
    ), a as (
      insert into appuntamenti (id, azienda_id, cliente_id, impianto_id, mansione_id, rapportino_id, titolo, note,
                                inizio, fine, tutto_il_giorno, da_fare, promemoria_minuti, promemoria_inviato_at)
      select rows.id, ${aziendaId}::uuid, coalesce(rows.rp_cliente, rows.cliente_id),
             case when rows.rapportino_id is not null then rows.rp_impianto else rows.impianto_id end,
             rows.mansione_id, rows.rapportino_id, (${titles})[1 + rows.g % ${n(TITLES.length)}],
             case when rows.g % 5 = 0 then 'Chiamare il referente prima di arrivare' end,
             rows.inizio, rows.fine, rows.g % 25 = 0, false,
             case when rows.g % 20 = 0 then 60 end,
             case when rows.g % 20 = 0 and rows.inizio < now() then rows.inizio - interval '1 hour' end
        from rows
      returning id, inizio
    ), t as (
      insert into appuntamenti_tecnici (azienda_id, appuntamento_id, utente_id, inizio)
      select ${aziendaId}::uuid, rows.id, (${techs})[1 + rows.t], rows.inizio from rows
      union all
      select ${aziendaId}::uuid, rows.id, (${techs})[1 + (rows.t + 1) % ${n(technicians.length)}], rows.inizio
        from rows where rows.g % 10 = 0 and ${n(technicians.length)} > 1
      returning 1
    )
    select (select count(*) from a)::int as appuntamenti, (select count(*) from t)::int as tecnici`;
}
