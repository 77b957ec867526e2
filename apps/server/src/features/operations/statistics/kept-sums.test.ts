import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { monthsOf } from './customers-repo.js';
import { statsCompany } from './test-helpers.js';

/**
 * The sums by customer and month and by user and day (migration 0041) that the customers and technicians tabs
 * read: after every kind of change they equal the same sums worked out from the rows, and the customers tab over
 * ranges cut anywhere in a month answers what the rows give (test-helpers.ts has the company).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ACCESS_TOKEN_TTL_SEC: '86400' }, { clock: fixedClock('2026-10-20T08:00:00Z') });
});
afterAll(() => t?.close());

const KEPT_CUSTOMERS = `
  select mese::text, cliente_id::text, aperti, ore::float8, ore_viaggio::float8, ricavi::float8
    from statistiche_clienti_mesi where azienda_id = $1 and (aperti, ore, ore_viaggio, ricavi) <> (0, 0, 0, 0)
   order by 1, 2`;
// The truth: each day by its report's customer (not the copy on the day).
const COUNTED_CUSTOMERS = `
  with c as (
    select date_trunc('month', data_apertura::timestamp)::date as mese, cliente_id, 1 as n, 0::numeric as ore,
           0::numeric as v, 0::numeric as ricavi
      from rapportini where azienda_id = $1
    union all
    select date_trunc('month', (data_chiusura at time zone 'Europe/Rome')::date::timestamp)::date, cliente_id, 0, 0, 0,
           coalesce(totale, 0)
      from rapportini where azienda_id = $1 and stato = 'CHIUSO' and data_chiusura is not null
    union all
    select date_trunc('month', g.data::timestamp)::date, r.cliente_id, 0, g.totale_ore, g.ore_viaggio, 0
      from rapportini_giornate g join rapportini r on r.azienda_id = g.azienda_id and r.id = g.rapportino_id
     where g.azienda_id = $1)
  select mese::text, cliente_id::text, sum(n)::int as aperti, sum(ore)::float8 as ore, sum(v)::float8 as ore_viaggio,
         sum(ricavi)::float8 as ricavi
    from c group by 1, 2 having (sum(n), sum(ore), sum(v), sum(ricavi)) <> (0, 0, 0, 0) order by 1, 2`;

const KEPT_USERS = `
  select giorno::text, utente_id::text, ore::float8, ore_viaggio::float8, km::float8, lavoro_minuti, viaggio_minuti, chiusi
    from statistiche_tecnici_giorni
   where azienda_id = $1 and (ore, ore_viaggio, km, lavoro_minuti, viaggio_minuti, chiusi) <> (0, 0, 0, 0, 0, 0)
   order by 1, 2`;
// The truth: a link is closed by its report's state and closing instant (not the copied day).
const COUNTED_USERS = `
  with c as (
    select data as giorno, tecnico_id as u, totale_ore as ore, ore_viaggio as v, km_viaggio as km, 0 as lav, 0 as via,
           0 as chiusi
      from rapportini_giornate where azienda_id = $1 and tecnico_id is not null
    union all
    select giorno, utente_id, 0, 0, 0, case when tipo = 'LAVORO' then coalesce(minuti_calcolati, 0) else 0 end,
           case when tipo <> 'LAVORO' then coalesce(minuti_calcolati, 0) else 0 end, 0
      from timbrature where azienda_id = $1
    union all
    select (r.data_chiusura at time zone 'Europe/Rome')::date, t.utente_id, 0, 0, 0, 0, 0, 1
      from rapportini_tecnici t join rapportini r on r.azienda_id = t.azienda_id and r.id = t.rapportino_id
     where t.azienda_id = $1 and r.stato = 'CHIUSO' and r.data_chiusura is not null)
  select giorno::text, u::text as utente_id, sum(ore)::float8 as ore, sum(v)::float8 as ore_viaggio,
         sum(km)::float8 as km, sum(lav)::int as lavoro_minuti, sum(via)::int as viaggio_minuti, sum(chiusi)::int as chiusi
    from c group by 1, 2
  having (sum(ore), sum(v), sum(km), sum(lav), sum(via), sum(chiusi)) <> (0, 0, 0, 0, 0, 0) order by 1, 2`;

/** The customers tab's figures per customer worked out from the rows (the query of decision 0046 before 0041). */
const RAW_CUSTOMERS = `
  select x.cliente_id::text as id, sum(x.n)::int as rapportini, sum(x.ore)::float8 as ore,
         sum(x.viaggio)::float8 as viaggio, sum(x.ricavi)::float8 as ricavi
    from (
      select r.cliente_id, count(*) as n, 0::numeric as ore, 0::numeric as viaggio, 0::numeric as ricavi
        from rapportini r where r.azienda_id = $1 and r.data_apertura between $2 and $3 group by 1
      union all
      select r.cliente_id, 0, sum(g.totale_ore), sum(g.ore_viaggio), 0
        from rapportini_giornate g join rapportini r on r.azienda_id = g.azienda_id and r.id = g.rapportino_id
       where g.azienda_id = $1 and g.data between $2 and $3 group by 1
      union all
      select r.cliente_id, 0, 0, 0, sum(r.totale)
        from rapportini r
       where r.azienda_id = $1 and r.stato = 'CHIUSO'
         and (r.data_chiusura at time zone 'Europe/Rome')::date between $2 and $3 group by 1) x
   group by 1 order by 3 desc, 5 desc`;

describe('the kept sums by customer and by technician (migration 0041)', () => {
  it('cuts a range into whole months and the days at its ends', () => {
    const tz = 'Europe/Rome';
    const at = (from: string, to: string) => monthsOf({ from, to, timeZone: tz });
    expect(at('2026-10-01', '2026-10-31')).toEqual({ months: { from: '2026-10-01', to: '2026-10-01' }, ends: [] });
    expect(at('2025-12-08', '2026-12-07')).toEqual({
      months: { from: '2026-01-01', to: '2026-11-01' },
      ends: [
        { from: '2025-12-08', to: '2025-12-31', timeZone: tz },
        { from: '2026-12-01', to: '2026-12-07', timeZone: tz },
      ],
    });
    // February of a leap year, whole; a range inside one month, or over two halves, has no whole month.
    expect(at('2028-02-01', '2028-02-29').months).toEqual({ from: '2028-02-01', to: '2028-02-01' });
    expect(at('2026-10-05', '2026-10-06')).toEqual({
      months: null,
      ends: [{ from: '2026-10-05', to: '2026-10-06', timeZone: tz }],
    });
    expect(at('2026-09-20', '2026-10-15').months).toBeNull();
    expect(at('2026-09-20', '2026-10-31')).toEqual({
      months: { from: '2026-10-01', to: '2026-10-01' },
      ends: [{ from: '2026-09-20', to: '2026-09-30', timeZone: tz }],
    });
  });

  it('follow every insert, update and delete of reports, their days and technicians, and clockings', async () => {
    const x = await statsCompany(t);
    const y = await statsCompany(t);
    const same = async () => {
      expect(await x.sql(KEPT_CUSTOMERS, [x.az])).toEqual(await x.sql(COUNTED_CUSTOMERS, [x.az]));
      expect(await x.sql(KEPT_USERS, [x.az])).toEqual(await x.sql(COUNTED_USERS, [x.az]));
    };
    await same();
    expect((await x.sql(KEPT_CUSTOMERS, [x.az])).length).toBeGreaterThan(2);
    expect((await x.sql(KEPT_USERS, [x.az])).length).toBeGreaterThan(4);
    const before = await y.sql(KEPT_USERS, [y.az]);

    const report = async (n: string) =>
      (await x.sql(`select id from rapportini where azienda_id = $1 and numero_assistenza = $2`, [x.az, n]))[0].id;
    const [r1, r2, r4] = [await report('R1'), await report('R2'), await report('R4')];
    // Close R2 and reopen R1; R2 moves to the other customer (its days follow through the key).
    await x.sql(
      `update rapportini set stato = 'CHIUSO', data_chiusura = '2026-10-12T09:00:00Z', totale = 55 where id = $1`,
      [r2],
    );
    await x.sql(`update rapportini set stato = 'APERTO', data_chiusura = null where id = $1`, [r1]);
    await x.sql(`update rapportini set cliente_id = $2 where id = $1`, [r2, x.alfa]);
    expect(
      await x.sql(`select distinct cliente_id::text as c from rapportini_giornate where rapportino_id = $1`, [r2]),
    ).toEqual([{ c: x.alfa }]);
    await same();
    // A day's hours, technician and month change; a day goes; R5 goes with its link.
    await x.sql(
      `update rapportini_giornate set totale_ore = 7.5, data = '2026-09-30', tecnico_id = $2 where azienda_id = $1 and data = '2026-10-06'`,
      [x.az, x.adminId],
    );
    await x.sql(`delete from rapportini_giornate where azienda_id = $1 and data = '2026-09-25'`, [x.az]);
    await x.sql(`delete from rapportini where azienda_id = $1 and numero_assistenza = 'R5'`, [x.az]);
    await same();
    // Technicians join and leave closed reports; a report closed on a later day; the report's closing instant moves.
    await x.sql(
      `insert into rapportini_tecnici (azienda_id, rapportino_id, utente_id, data_apertura) values ($1, $2, $3, '2026-09-25')`,
      [x.az, r4, x.adminId],
    );
    await x.sql(`delete from rapportini_tecnici where rapportino_id = $1 and utente_id = $2`, [r4, x.techId]);
    await x.sql(`update rapportini set data_chiusura = '2026-11-03T10:00:00Z' where id = $1`, [r2]);
    await same();
    // Clockings: recalculated, one removed, one added.
    await x.sql(
      `update timbrature set minuti_calcolati = minuti_calcolati + 15 where azienda_id = $1 and tipo = 'LAVORO'`,
      [x.az],
    );
    await x.sql(`delete from timbrature where azienda_id = $1 and tipo = 'ANDATA'`, [x.az]);
    await x.sql(
      `insert into timbrature (azienda_id, utente_id, tipo, giorno, timbratura_start, timbratura_end, timbratura_start_calcolata,
                               timbratura_end_calcolata, minuti_calcolati, aperta, timezone)
       values ($1, $2, 'RITORNO', '2026-10-07', '2026-10-07T16:00:00Z', '2026-10-07T16:45:00Z', '2026-10-07T16:00:00Z',
               '2026-10-07T16:45:00Z', 45, false, 'Europe/Rome')`,
      [x.az, x.adminId],
    );
    await same();
    // A report inserted together with its technician in one statement (as the large seed does) still counts closed.
    await x.sql(
      `with r as (
         insert into rapportini (azienda_id, cliente_id, numero_assistenza, stato, data_apertura, data_chiusura, totale)
         values ($1, $2, 'R9', 'CHIUSO', '2026-10-15', '2026-10-16T10:00:00Z', 10) returning id)
       insert into rapportini_tecnici (azienda_id, rapportino_id, utente_id, data_apertura) select $1, id, $3, '2026-10-15' from r`,
      [x.az, x.beta, x.techId],
    );
    await same();
    expect((await x.sql(KEPT_USERS, [x.az])).find((r) => r.giorno === '2026-10-16')).toMatchObject({
      utente_id: x.techId,
      chiusi: 1,
    });
    // A technician deleted: their days stay without a technician, their links and clockings go, and so do their sums.
    await x.sql(`delete from utenti where id = $1`, [x.techId]);
    await same();
    expect(
      await x.sql(`select count(*)::int as n from statistiche_tecnici_giorni where utente_id = $1`, [x.techId]),
    ).toEqual([{ n: 0 }]);
    // The other company's sums never moved.
    expect(await y.sql(KEPT_USERS, [y.az])).toEqual(before);
  });

  it('the customers tab over ranges cut anywhere answers what the rows give', async () => {
    const x = await statsCompany(t);
    // A report days across months: the monthly sums and the days at the ends are both read.
    await x.sql(
      `insert into rapportini_giornate (azienda_id, rapportino_id, ordine, data, tecnico_nome, totale_ore, ore_viaggio, km_viaggio)
       select azienda_id, id, 5, '2026-11-02', 'T', 6, 1.5, 0 from rapportini where azienda_id = $1 and numero_assistenza = 'R2'`,
      [x.az],
    );
    for (const [from, to] of [
      ['2026-10-01', '2026-10-31'],
      ['2026-09-20', '2026-10-15'],
      ['2026-10-05', '2026-10-06'],
      ['2026-09-25', '2026-11-30'],
      ['2026-09-01', '2026-11-02'],
      ['2026-01-01', '2026-12-31'],
    ]) {
      const rows = await x.sql(RAW_CUSTOMERS, [x.az, from, to]);
      const list = await x.get(x.admin, `/v2/stats/clienti?startDate=${from}&endDate=${to}`);
      expect(list.status).toBe(200);
      expect(
        list.json.righe.map((r: any) => ({
          id: r.cliente.id,
          rapportini: r.rapportini,
          ore: r.oreLavoro,
          viaggio: r.oreViaggio,
          ricavi: r.ricavi,
        })),
        `${from} – ${to}`,
      ).toEqual(rows);
      const all = await x.get(x.admin, `/stats/clienti/over-all?startDate=${from}&endDate=${to}`);
      const sum = (k: string) => rows.reduce((a: number, r: any) => a + r[k], 0);
      expect(all.json, `${from} – ${to}`).toEqual({
        clienti: rows.filter((r: any) => r.rapportini > 0).length,
        rapportini: sum('rapportini'),
        oreLavoro: sum('ore'),
        oreViaggio: sum('viaggio'),
        ricavi: sum('ricavi'),
      });
    }
  });
});
