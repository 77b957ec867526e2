import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newDeviceId, startTestApp, type TestApp } from '../test/harness.js';
import { randomPartitaIva } from '../test/factories.js';
import { addDays, calculateInterval, dayIn, wallClock } from '@fs/contract';
import { deleteLargeCompany, findLargeCompany, LARGE_DEMO, seedLargeCompany } from './large.js';
import { clockingPlan, defaultClockingRules } from './clocking-generators.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('the large company (seed:large)', () => {
  it('holds work reports with days and materials whose stored totals are the computed prices', async () => {
    const piva = randomPartitaIva();
    const c = await seedLargeCompany(t.deps.database, {
      customers: 30,
      articles: 20,
      reports: 24,
      technicians: 3,
      piva,
    });
    expect([c.rapportini, c.giornate, c.materiali]).toEqual([24, 72, 72]);
    expect(await findLargeCompany(t.deps.db, piva)).toMatchObject({ rapportini: 24, giornate: 72, materiali: 72 });

    const deviceId = newDeviceId();
    const login = await call(t.app, 'POST', '/api/login/login', {
      deviceId,
      body: { piva, username: LARGE_DEMO.username, password: LARGE_DEMO.password },
    });
    const s = { token: login.json.item.token as string, deviceId };
    const list = await call(t.app, 'GET', '/api/rapportini/rapportini/admin?size=50', s);
    expect(list.json.totaleElementi).toBe(24);
    const numbers = list.json.items.map((r: { numero_assistenza: string }) => r.numero_assistenza);
    expect(new Set(numbers).size).toBe(24);
    // Newest first; the newest opened today, the oldest about three years back.
    const dates = list.json.items.map((r: { data_apertura: string }) => r.data_apertura);
    expect(Date.parse(dates[0]) - Date.parse(dates.at(-1))).toBeGreaterThan(2.8 * 365 * 86_400_000);
    for (const row of list.json.items.slice(0, 6)) {
      const detail = await call(t.app, 'GET', `/api/rapportini/rapportini/admin/${row.id}`, s);
      expect(detail.status).toBe(200);
      expect(detail.json.item.giornate).toHaveLength(3);
      expect(detail.json.item.materiali).toHaveLength(3);
      expect(Number(detail.json.item.prezzi.totale)).toBeCloseTo(Number(row.totale), 2);
      expect(Number(detail.json.item.totale_ore)).toBe(
        detail.json.item.giornate.reduce((a: number, g: { totale_ore: string }) => a + Number(g.totale_ore), 0),
      );
    }
    const techs = await t.deps.database.executeSql(
      `select distinct rt.utente_id from rapportini_tecnici rt join aziende a on a.id = rt.azienda_id where a.partita_iva = $1`,
      [piva],
    );
    expect(techs.rows).toHaveLength(3);
    expect(await deleteLargeCompany(t.deps.db, piva)).toBe(true);
  });

  it('holds three-year contracts with four activities and their dates, done in the past but for a few', async () => {
    const piva = randomPartitaIva();
    const c = await seedLargeCompany(t.deps.database, { customers: 10, articles: 0, contracts: 8, piva });
    // Every 1, 3, 6 and 12 months over 36 months: 36 + 12 + 6 + 3 dates a contract.
    expect([c.contratti, c.occorrenze]).toEqual([8, 8 * 57]);
    const r = await t.deps.database.executeSql(
      `select count(distinct a.id)::int as attivita,
              count(*) filter (where d.fatta_at is not null)::int as fatte,
              count(*) filter (where d.fatta_at is null and d.data < current_date)::int as scadute,
              count(*) filter (where d.data > c.data_fine or d.data < c.data_inizio)::int as fuori,
              count(distinct c.tipo)::int as tipi
         from contratti c join contratti_attivita a on a.contratto_id = c.id join attivita_date d on d.attivita_id = a.id
         join aziende z on z.id = c.azienda_id where z.partita_iva = $1`,
      [piva],
    );
    const row = r.rows[0] as { attivita: number; fatte: number; scadute: number; fuori: number; tipi: number };
    expect(row).toMatchObject({ attivita: 32, fuori: 0, tipi: 2 });
    expect(row.fatte).toBeGreaterThan(row.scadute);
    expect(row.scadute).toBeGreaterThan(0);
    expect(await deleteLargeCompany(t.deps.db, piva)).toBe(true);
  });

  it('holds appointments of the technicians on working days over three years, linked as the service links them', async () => {
    const piva = randomPartitaIva();
    const c = await seedLargeCompany(t.deps.database, {
      customers: 20,
      articles: 10,
      reports: 16,
      appointments: 600,
      technicians: 4,
      piva,
    });
    expect(c.appuntamenti).toBe(600);
    const r = await t.deps.database.executeSql(
      `select count(*)::int as n,
              count(*) filter (where extract(isodow from a.inizio at time zone 'Europe/Rome') > 5)::int as weekend,
              count(*) filter (where a.tutto_il_giorno)::int as all_day,
              count(*) filter (where a.rapportino_id is not null)::int as reports,
              count(distinct a.rapportino_id)::int as distinct_reports,
              count(*) filter (where r.id is not null and r.cliente_id <> a.cliente_id)::int as wrong_customer,
              count(*) filter (where not a.tutto_il_giorno and (to_char(a.inizio at time zone 'Europe/Rome', 'HH24:MI') < '08:00'
                                  or to_char(a.fine at time zone 'Europe/Rome', 'HH24:MI') > '18:00'))::int as off_hours,
              (select count(*) from appuntamenti_tecnici x where x.azienda_id = z.id)::int as links,
              (select count(*) from appuntamenti_tecnici x join appuntamenti y on y.id = x.appuntamento_id
                where x.azienda_id = z.id and x.inizio is distinct from y.inizio)::int as wrong_start,
              min(a.inizio) as first, max(a.inizio) as last
         from appuntamenti a join aziende z on z.id = a.azienda_id left join rapportini r on r.id = a.rapportino_id
        where z.partita_iva = $1 group by z.id`,
      [piva],
    );
    const row = r.rows[0] as Record<string, number | Date>;
    expect(row).toMatchObject({ n: 600, weekend: 0, wrong_customer: 0, off_hours: 0, links: 660, wrong_start: 0 });
    expect(row.all_day).toBe(24);
    // One appointment per report at most (decision 0040): some of the 16 reports, none twice.
    expect(row.reports).toBeGreaterThan(0);
    expect(row.reports).toBeLessThanOrEqual(16);
    expect(row.reports).toBe(row.distinct_reports);
    const span = (new Date(row.last as Date).getTime() - new Date(row.first as Date).getTime()) / 86_400_000;
    expect(span).toBeGreaterThan(2.9 * 365);

    // The planner's range answers them (this month), each with its technicians.
    const deviceId = newDeviceId();
    const login = await call(t.app, 'POST', '/api/login/login', {
      deviceId,
      body: { piva, username: LARGE_DEMO.username, password: LARGE_DEMO.password },
    });
    const s = { token: login.json.item.token as string, deviceId };
    const now = new Date();
    const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
    const month = await call(
      t.app,
      'GET',
      `/api/v2/schedule/appointments/start/${ymd(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)))}/end/${ymd(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)))}`,
      s,
    );
    expect(month.status).toBe(200);
    expect(month.json.items.length).toBeGreaterThan(5);
    for (const a of month.json.items) expect(a.tecnici.length).toBeGreaterThanOrEqual(1);
    expect(await deleteLargeCompany(t.deps.db, piva)).toBe(true);
  });

  it('holds clockings of every technician on working days, calculated by the rules as the TypeScript rule does', async () => {
    const piva = randomPartitaIva();
    // 3 technicians, 4 intervals a day over 20 working days.
    expect(clockingPlan(240, 3)).toEqual({ days: 20, slots: 4 });
    // At full size: three years of working days, 8 a day, about 300,000.
    expect(clockingPlan(300_000, 50)).toEqual({ days: 783, slots: 8 });
    const c = await seedLargeCompany(t.deps.database, {
      customers: 10,
      articles: 0,
      clockings: 240,
      technicians: 3,
      piva,
    });
    expect(c.timbrature).toBe(240);
    const rows = (
      await t.deps.database.executeSql(
        `select t.*, t.giorno::text as giorno, t.km::float8 as km from timbrature t join aziende z on z.id = t.azienda_id
          where z.partita_iva = $1 order by t.utente_id, t.timbratura_start`,
        [piva],
      )
    ).rows as Record<string, any>[];
    expect(rows).toHaveLength(240);
    const rules = defaultClockingRules();
    const today = dayIn(new Date(), 'Europe/Rome');
    for (const [k, r] of rows.entries()) {
      const calc = calculateInterval(new Date(r.timbratura_start), new Date(r.timbratura_end), rules);
      expect([
        new Date(r.timbratura_start_calcolata),
        new Date(r.timbratura_end_calcolata),
        r.minuti_calcolati,
      ]).toEqual([calc.start, calc.end, calc.minutes]);
      expect(r.giorno).toBe(dayIn(r.timbratura_start, 'Europe/Rome'));
      expect(new Date(`${r.giorno}T12:00:00Z`).getUTCDay() % 6).not.toBe(0);
      expect(r.giorno < today && r.giorno >= addDays(today, -40)).toBe(true);
      expect(r.aperta).toBe(false);
      // No interval begins before the technician's previous one ends; travel alternates, with a customer and km.
      const prev = rows[k - 1];
      if (prev?.utente_id === r.utente_id)
        expect(new Date(r.timbratura_start) >= new Date(prev.timbratura_end)).toBe(true);
      if (r.tipo !== 'LAVORO') expect(r.cliente_id && r.km !== null).toBeTruthy();
    }
    for (const u of new Set(rows.map((r) => r.utente_id))) {
      const legs = rows.filter((r) => r.utente_id === u && r.tipo !== 'LAVORO').map((r) => r.tipo);
      expect(legs.length).toBeGreaterThan(0);
      legs.forEach((tipo, k) => expect(tipo).toBe(k % 2 ? 'RITORNO' : 'ANDATA'));
    }
    // The day's first entries, a few minutes either side of 08:00, count from 08:00 (tolerance 10, rounding 15).
    const eight = rows.filter((r) => r.tipo === 'LAVORO' && wallClock(r.timbratura_start, 'Europe/Rome').hour === 8);
    const first = eight.filter((r) => wallClock(r.timbratura_start, 'Europe/Rome').minute < 5);
    expect(first.length).toBeGreaterThan(0);
    for (const r of first) expect(wallClock(r.timbratura_start_calcolata, 'Europe/Rome').time).toBe('08:00');
    expect(await deleteLargeCompany(t.deps.db, piva)).toBe(true);
  });
});
