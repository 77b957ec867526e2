import { sql, type SQL } from 'drizzle-orm';
import { findOption } from '@fs/contract';

/**
 * The large company's clockings (issue 26, `seed:large --clockings`), set-based: one statement per group of
 * technicians (INSERT ... SELECT over the working days × the day's slots), never a row at a time.
 *
 * Every technician clocks every working day (Monday to Friday) of the span (the last `days` working days up to
 * yesterday) in `slots` intervals: work between 08:00 and 12:30 and between 13:30 and 17:00, in equal parts
 * with 10 minutes between them; every third day (a different one for each technician) the first slot is an
 * outward travel (07:00-07:50) and the last the return (17:10-18:10), to a customer with its `km_viaggio`.
 * Each raw time moves by up to 4 minutes either way, with seconds.
 *
 * Calculated times are worked out in SQL with the rule of decision 0045 (packages/contract/src/clocking-rules.ts,
 * `calculateInterval`), on the company's options as seeded (their defaults: tolerance 10, rounding 15): the
 * instant cut to its minute; on the wall clock of the company's zone, an entry up to the tolerance after a grid
 * line counts as the line, a later one as the next line; an exit up to the tolerance before a line counts as the
 * line, an earlier one as the line before; an end before the start is the start. Moving the instant by wall-clock
 * minutes is what the TypeScript rule does too, so both agree to the minute (large.test.ts checks it row by row).
 */

const n = (v: number) => sql.raw(String(Math.trunc(v)));

/** The clocking options of a company that never changed them (the large company's). */
export function defaultClockingRules(timeZone = 'Europe/Rome') {
  return {
    toleranceMinutes: Number(findOption('timbrature', 'tolleranza_minuti')?.default ?? 10),
    roundingMinutes: Number(findOption('timbrature', 'arrotondamento_minuti')?.default ?? 15),
    timeZone,
  };
}

/** Working days of a span about 3 years long (Monday to Friday). */
export const CLOCKING_SPAN_DAYS = 3 * 261;

/**
 * How the wanted number of intervals spreads: intervals per technician-day (3 to 10: room for travel) over the
 * last `days` working days (at most three years).
 */
export function clockingPlan(total: number, technicians: number): { days: number; slots: number } {
  if (total <= 0 || technicians <= 0) return { days: 0, slots: 0 };
  const days = Math.max(1, Math.min(CLOCKING_SPAN_DAYS, Math.ceil(total / (technicians * 4))));
  const slots = Math.max(3, Math.min(10, Math.round(total / (technicians * days))));
  return { days, slots };
}

/** `x` (timestamptz) as the rule's calculated entry (`start`) or exit (`end`). */
function grid(x: SQL, kind: 'start' | 'end', r: ReturnType<typeof defaultClockingRules>): SQL {
  const R = n(r.roundingMinutes);
  const T = n(r.toleranceMinutes);
  const zone = sql.raw(`'${r.timeZone.replace(/'/g, "''")}'`);
  const minute = sql`(extract(hour from (${x} at time zone ${zone}))::int * 60 + extract(minute from (${x} at time zone ${zone}))::int)`;
  const below = sql`(${minute} % ${R})`;
  const above = sql`(case when ${below} = 0 then 0 else ${R} - ${below} end)`;
  const cut = sql`(to_timestamp(floor(extract(epoch from ${x}) / 60) * 60))`;
  return kind === 'start'
    ? sql`(case when ${below} <= ${T} then ${cut} - ${below} * interval '1 minute' else ${cut} + ${above} * interval '1 minute' end)`
    : sql`(case when ${above} <= ${T} then ${cut} + ${above} * interval '1 minute' else ${cut} - ${below} * interval '1 minute' end)`;
}

/**
 * The clockings of `technicians` (the company's technicians `offset`.. in order) over the plan's days: one
 * statement, answering how many intervals it wrote.
 */
export function clockingsBatch(
  aziendaId: string,
  technicians: string[],
  offset: number,
  plan: { days: number; slots: number },
  rules = defaultClockingRules(),
): SQL {
  const S = n(plan.slots);
  const techs = sql.raw(`array[${technicians.map((t) => `'${t}'::uuid`).join(',')}]`);
  const zone = sql.raw(`'${rules.timeZone.replace(/'/g, "''")}'`);
  const at = (minutes: SQL, salt: number) =>
    sql`((d.day + (${minutes}) * interval '1 minute' + (((d.h * ${n(salt)}) % 9) - 4) * interval '1 minute'
          + ((d.h * ${n(salt + 7)}) % 60) * interval '1 second')::timestamp at time zone ${zone})`;
  return sql`
    with wd as (
      select day, (row_number() over (order by day)) - 1 as di
        from (select d::date as day
                from generate_series(current_date - ${n(Math.ceil((plan.days * 7) / 5) + 7)}, current_date - 1, interval '1 day') d
               where extract(isodow from d) < 6
               order by d desc limit ${n(plan.days)}) x
    ), cl as (
      select c.id, c.km_viaggio, (row_number() over (order by c.id)) - 1 as rn
        from clienti c where c.azienda_id = ${aziendaId}::uuid
    ), tk as (
      select x.u, x.k - 1 + ${n(offset)} as t from unnest(${techs}) with ordinality as x(u, k)
    ), src as (
      select tk.u, tk.t, wd.day, wd.di, s,
             ${S} >= 3 and (wd.di + tk.t) % 3 = 0 as trip,
             (tk.t * 7919 + wd.di * 104729 + s * 1299709 + 17)::bigint as h
        from tk cross join wd cross join generate_series(0, ${S} - 1) s
    ), slots as (
      select src.*,
             case when trip and s = 0 then 'ANDATA' when trip and s = ${S} - 1 then 'RITORNO' else 'LAVORO' end as tipo,
             case when trip then s - 1 else s end as w,
             case when trip then ${S} - 2 else ${S} end as nw
        from src
    ), m as (
      -- minutes of the day: the morning's share of work slots from 08:00 (480) to 12:30 (750), the afternoon's
      -- from 13:30 (810) to 17:00 (1020); 10 minutes between slots; travel before and after.
      select slots.*, (nw + 1) / 2 as wm,
             case when tipo = 'ANDATA' then 420 when tipo = 'RITORNO' then 1030
                  when w < (nw + 1) / 2 then 480 + (w * 270) / ((nw + 1) / 2)
                  else 810 + ((w - (nw + 1) / 2) * 210) / greatest(nw - (nw + 1) / 2, 1) end as s_min,
             case when tipo = 'ANDATA' then 470 when tipo = 'RITORNO' then 1090
                  when w = (nw + 1) / 2 - 1 then 750
                  when w = nw - 1 then 1020
                  when w < (nw + 1) / 2 then 480 + ((w + 1) * 270) / ((nw + 1) / 2) - 10
                  else 810 + ((w + 1 - (nw + 1) / 2) * 210) / greatest(nw - (nw + 1) / 2, 1) - 10 end as e_min
        from slots
    ), raw as (
      select d.u, d.tipo, d.t, d.di, ${at(sql`d.s_min`, 13)} as rs, ${at(sql`d.e_min`, 31)} as re from m d
    ), calc as (
      select raw.*, ${grid(sql`raw.rs`, 'start', rules)} as cs, ${grid(sql`raw.re`, 'end', rules)} as ce0 from raw
    ), ins as (
      insert into timbrature (azienda_id, utente_id, tipo, origine, giorno, timbratura_start, timbratura_end,
                              timbratura_start_calcolata, timbratura_end_calcolata, minuti_calcolati, aperta, timezone,
                              cliente_id, km, created_at, updated_at)
      select ${aziendaId}::uuid, calc.u, calc.tipo, 'TECNICO', (calc.rs at time zone ${zone})::date, calc.rs, calc.re,
             calc.cs, greatest(calc.ce0, calc.cs), round(extract(epoch from greatest(calc.ce0, calc.cs) - calc.cs) / 60)::int,
             false, ${zone}, cl.id, case when calc.tipo <> 'LAVORO' then cl.km_viaggio end, calc.rs, calc.re
        from calc
        left join cl on calc.tipo <> 'LAVORO' and cl.rn = (calc.t * 31 + calc.di * 17) % greatest((select count(*) from cl), 1)
      returning 1
    )
    select count(*)::int as timbrature from ins`;
}

/**
 * Every month of the technicians' clockings before last month, approved by `adminId` on the next month's
 * third day (last month and this one stay open, as an office that approves a month after it is checked).
 */
export function clockingApprovals(aziendaId: string, adminId: string): SQL {
  return sql`
    insert into timbrature_approvazioni (azienda_id, utente_id, mese, approvato_da, approvato_il)
    select ${aziendaId}::uuid, t.utente_id, m.mese::date, ${adminId}::uuid,
           (m.mese + interval '1 month 2 days 9 hours')::timestamp at time zone 'Europe/Rome'
      from (select utente_id, date_trunc('month', min(giorno))::date as first
              from timbrature where azienda_id = ${aziendaId}::uuid group by utente_id) t
     cross join lateral generate_series(t.first, (date_trunc('month', current_date) - interval '2 months')::date, interval '1 month') m(mese)`;
}
