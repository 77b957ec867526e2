import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@fs/contract';
import type { Db } from '../platform/db/client.js';
import { call, startTestApp, type TestApp } from '../test/harness.js';
import { createCompany } from '../test/factories.js';
import { regionOf } from './areas.js';
import { seedSampleData } from './sample.js';
import { seedSampleContracts } from './sample-contracts.js';
import { seedSampleReports } from './sample-reports.js';
import { isWorkingDay, SAMPLE_TODOS, seedSampleSchedule } from './sample-schedule.js';

let t: TestApp;
let c: Awaited<ReturnType<typeof createCompany>>;
let techs: string[];
let seeded: Awaited<ReturnType<typeof seedSampleSchedule>>;
/** The demo company's whole sample (registries, contracts, reports, planner) on a company with two technicians, once. */
beforeAll(async () => {
  t = await startTestApp();
  const tag = Math.random().toString(36).slice(2, 10);
  c = await createCompany(t, {
    users: [
      { username: 'admin', password: 'password123', role: 'admin', email: `admin.${tag}@demo.test` },
      { username: 'mario', password: 'password123', role: 'user', name: 'Mario', scheduleenabled: 'Y' },
      { username: 'luca', password: 'password123', role: 'user', name: 'Luca', scheduleenabled: 'Y' },
    ],
  });
  techs = [c.user('mario').id, c.user('luca').id];
  await (t.deps.db as Db).transaction((tx) => seedSampleData(tx, c.company.id, techs));
  await seedSampleContracts(t.deps, c.company.id);
  await seedSampleReports(t.deps, c.company.id);
  seeded = await seedSampleSchedule(t.deps, c.company.id);
}, 180_000);
afterAll(() => t?.close());

const rome = (at: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(at));
const shift = (day: string, n: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const compact = (day: string) => day.replaceAll('-', '');

describe("the demo company's sample planner", () => {
  it('fills this month and the next for both technicians, with to-dos and overdue activities, once', async () => {
    expect(seeded.skipped).toEqual([]);
    expect(seeded.todos).toBe(SAMPLE_TODOS);
    expect(seeded.appointments).toBeGreaterThan(60);
    const s = await c.login('admin');

    // This week (Monday to Sunday in Rome): appointments for both technicians.
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome' }).format(new Date());
    const monday = shift(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
    const week = await call(
      t.app,
      'GET',
      `/api/v2/schedule/appointments/start/${compact(monday)}/end/${compact(shift(monday, 6))}`,
      s,
    );
    expect(week.status).toBe(200);
    const weekTechs = new Set(week.json.items.flatMap((a: Appointment) => a.tecnici.map((x) => x.id)));
    expect([...weekTechs].sort()).toEqual([...techs].sort());

    // The two months: working days only, 8:00 to 18:00 in Rome, 2 to 4 a day (or one all day), varied.
    const month1 = `${today.slice(0, 8)}01`;
    const [y, m] = today.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
    const all = (
      await call(t.app, 'GET', `/api/v2/schedule/appointments/start/${compact(month1)}/end/${compact(last)}`, s)
    ).json.items as Appointment[];
    expect(all).toHaveLength(seeded.appointments + seeded.kept);
    const perDay = new Map<string, Appointment[]>();
    for (const a of all) {
      const wd = new Date(
        `${a.giorno_inizio!.slice(0, 4)}-${a.giorno_inizio!.slice(4, 6)}-${a.giorno_inizio!.slice(6)}T12:00:00Z`,
      ).getUTCDay();
      // Today's appointed reports are where the reports put them, a weekend too.
      if (!(a.giorno_inizio === compact(today) && a.rapportino_id)) expect([0, 6]).not.toContain(wd);
      if (!a.tutto_il_giorno) {
        expect(rome(a.inizio!).slice(11) >= '08:00').toBe(true);
        expect(rome(a.fine!).slice(11) <= '18:00').toBe(true);
      }
      const k = `${a.tecnici[0]!.id}|${a.giorno_inizio}`;
      perDay.set(k, [...(perDay.get(k) ?? []), a]);
    }
    for (const day of perDay.values()) {
      if (day.some((a) => a.tutto_il_giorno)) continue;
      expect(day.length).toBeGreaterThanOrEqual(2);
      expect(day.length).toBeLessThanOrEqual(5);
    }
    expect(all.filter((a) => a.tutto_il_giorno).length).toBeGreaterThanOrEqual(2);
    expect(all.filter((a) => a.rapportino_id).length).toBeGreaterThanOrEqual(5);
    expect(all.filter((a) => a.stato_rapportino === 'NUOVO').length).toBeGreaterThanOrEqual(2);
    expect(all.filter((a) => a.attivita_data_id).length).toBeGreaterThanOrEqual(2);
    expect(all.filter((a) => a.promemoria_minuti !== null)).toHaveLength(2);
    expect(new Set(all.map((a) => a.cliente_id)).size).toBeGreaterThan(15);
    expect(new Set(all.map((a) => a.mansione_id)).size).toBeGreaterThanOrEqual(3);
    // Exactly one technician's pair at the same time: the demo's overlap warning.
    const overlapping = all.filter((a) =>
      all.some(
        (b) =>
          b.id !== a.id &&
          b.tecnici[0]!.id === a.tecnici[0]!.id &&
          Date.parse(b.inizio!) < Date.parse(a.fine!) &&
          Date.parse(a.inizio!) < Date.parse(b.fine!),
      ),
    );
    expect(overlapping).toHaveLength(2);
    // Today each technician's two appointed reports sit at their own times.
    const todays = all.filter((a) => a.giorno_inizio === compact(today) && a.rapportino_id);
    if (isWorkingDay(today)) {
      expect(todays.map((a) => rome(a.inizio!).slice(11)).sort()).toEqual(['09:00', '09:00', '14:30', '14:30']);
    }

    const todos = await call(t.app, 'GET', '/api/schedule/appointments/admin?todo=true', s);
    expect(todos.json.totaleElementi).toBe(SAMPLE_TODOS);
    expect(todos.json.items.every((a: Appointment) => a.da_fare && a.inizio === null)).toBe(true);

    // Overdue contract activities: months old and of the last weeks.
    const range = await call(
      t.app,
      'GET',
      `/api/attivita/attivita/start/${compact(monday)}/end/${compact(shift(monday, 6))}`,
      s,
    );
    const scadute = range.json.scadute as { data: string }[];
    expect(scadute.length).toBeGreaterThanOrEqual(4);
    expect(scadute.filter((o) => o.data >= shift(today, -30)).length).toBeGreaterThanOrEqual(2);

    // A technician sees their own week.
    const mario = await c.login('mario');
    const own = await call(
      t.app,
      'GET',
      `/api/v2/schedule/appointments/start/${compact(monday)}/end/${compact(shift(monday, 6))}`,
      mario,
    );
    expect(own.json.items.length).toBeGreaterThan(0);
    // The technician's day (issue 24): on a working day four visits in time order, two of them still to
    // make into a report on the spot, then tomorrow's.
    const dayOf = (await call(t.app, 'GET', '/api/schedule/giornata', mario)).json;
    expect(dayOf.oggi).toBe(today);
    if (isWorkingDay(today)) {
      const visits = (dayOf.items as { sezione: string; inizio: string; rapportino_id: string | null }[]).filter(
        (v) => v.sezione === 'oggi',
      );
      expect(visits.map((v) => rome(v.inizio).slice(11))).toEqual(['09:00', '10:00', '14:30', '15:30']);
      expect(visits.filter((v) => !v.rapportino_id)).toHaveLength(2);
    }

    // Once only: a second run adds nothing.
    expect(await seedSampleSchedule(t.deps, c.company.id)).toMatchObject({ appointments: 0, todos: 0 });
    const again = await t.deps.database.executeSql(
      'select count(*)::int as n from appuntamenti where azienda_id = $1',
      [c.company.id],
    );
    expect((again.rows[0] as { n: number }).n).toBe(seeded.appointments + seeded.kept + SAMPLE_TODOS);
  }, 60_000);
});

/** Rome's calendar day of an instant. */
const romeDay = (at: Date | string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome' }).format(new Date(at));

describe('the demo company is plausible', () => {
  const sql = async <T>(text: string) => (await t.deps.database.executeSql(text, [c.company.id])).rows as T[];

  it('dates each closed report after its work: closed on its last worked day or the morning after, spread over the past', async () => {
    const closed = await sql<{
      id: string;
      data_chiusura: string;
      firma_at: string | null;
      completato_at: string | null;
      last_day: string;
    }>(
      `select r.id, r.data_chiusura, r.firma_at, r.completato_at,
              (select max(g.data)::text from rapportini_giornate g where g.rapportino_id = r.id) as last_day
         from rapportini r where r.azienda_id = $1 and r.stato = 'CHIUSO'`,
    );
    expect(closed.length).toBeGreaterThan(25);
    const today = romeDay(new Date());
    for (const r of closed) {
      const day = romeDay(r.data_chiusura);
      expect(r.last_day, r.id).toBeTruthy();
      expect([r.last_day, shift(r.last_day, 1)], `${r.id} closed ${day}`).toContain(day);
      expect(day < today, `${r.id} closed today`).toBe(true);
      if (r.firma_at) {
        expect(romeDay(r.firma_at)).toBe(r.last_day);
        expect(Date.parse(r.firma_at)).toBeLessThanOrEqual(Date.parse(r.data_chiusura));
      }
      if (r.completato_at) {
        expect(Date.parse(r.completato_at)).toBeGreaterThan(Date.parse(r.data_chiusura));
        expect(Date.parse(r.completato_at)).toBeLessThan(Date.now());
      }
    }
    // Spread over the last three months, not all on one day.
    const days = new Set(closed.map((r) => romeDay(r.data_chiusura)));
    expect(days.size).toBeGreaterThan(20);
    expect([...days].sort()[0]! < shift(today, -60)).toBe(true);
    // The contract dates done by those reports are done when their report closed.
    const done = await sql<{ fatta_at: string; data_chiusura: string }>(
      `select d.fatta_at, r.data_chiusura from attivita_date d join rapportini r on r.id = d.rapportino_id
        where d.azienda_id = $1 and d.fatta_at is not null`,
    );
    expect(done.length).toBeGreaterThan(0);
    for (const d of done) expect(Date.parse(d.fatta_at)).toBe(Date.parse(d.data_chiusura));
  });

  it('files each report, contract activity and appointment under a fitting job role its technician holds', async () => {
    /** The job role a text calls for, by its words (none when it says nothing telling). */
    const fitting = (text: string) =>
      /split|climatizz|condizionat|f-gas|refrigerant|pompa di calore|condensa|ricarica gas/i.test(text)
        ? 'Climatizzazione'
        : /caldai|bruciator|fumi|circolatore|termostato|scambiatore|centrale termica|generatore|riscaldamento/i.test(
              text,
            )
          ? 'Manutenzione caldaie'
          : /messa a terra|differenzial|quadro elettrico/i.test(text)
            ? 'Verifica impianti elettrici'
            : /pressurizzazione|tenuta|solare|idric|pannelli/i.test(text)
              ? 'Impianti idraulici'
              : null;
    const activities = await sql<{ descrizione: string; mansione: string | null }>(
      `select a.descrizione, m.nome as mansione from contratti_attivita a left join mansioni m on m.id = a.mansione_id
        where a.azienda_id = $1`,
    );
    expect(activities.find((a) => a.descrizione === 'Sanificazione split')!.mansione).toBe('Climatizzazione');
    for (const a of activities) {
      expect(a.mansione, a.descrizione).not.toBeNull();
      expect(a.mansione, a.descrizione).toBe(fitting(a.descrizione) ?? a.mansione);
    }
    const reports = await sql<{ richiesta: string; mansione: string | null; held: boolean }>(
      `select r.richiesta_iniziale as richiesta, m.nome as mansione,
              exists (select 1 from rapportini_tecnici t join utenti_mansioni h on h.utente_id = t.utente_id
                       where t.rapportino_id = r.id and h.mansione_id = m.id) as held
         from rapportini r left join rapportini_mansioni x on x.rapportino_id = r.id left join mansioni m on m.id = x.mansione_id
        where r.azienda_id = $1`,
    );
    expect(reports.length).toBeGreaterThan(60);
    for (const r of reports) {
      expect(r.mansione, r.richiesta).not.toBeNull();
      expect(r.mansione, r.richiesta).toBe(fitting(r.richiesta) ?? r.mansione);
      expect(r.held, `${r.richiesta}: ${r.mansione}`).toBe(true);
    }
    // The boiler's type only on boilers' reports.
    const boilerType = await sql<{ mansione: string }>(
      `select m.nome as mansione from rapportini_campi v join campi_personalizzati f on f.id = v.campo_id
         join rapportini_mansioni x on x.rapportino_id = v.rapportino_id join mansioni m on m.id = x.mansione_id
        where v.azienda_id = $1 and f.nome = 'Tipo di caldaia' and coalesce(v.valore, '') <> ''`,
    );
    expect(boilerType.length).toBeGreaterThan(5);
    expect(new Set(boilerType.map((r) => r.mansione))).toEqual(new Set(['Manutenzione caldaie']));
    const appointments = await sql<{ titolo: string; mansione: string | null; held: boolean }>(
      `select a.titolo, m.nome as mansione,
              not exists (select 1 from appuntamenti_tecnici t where t.appuntamento_id = a.id and not exists
                           (select 1 from utenti_mansioni h where h.utente_id = t.utente_id and h.mansione_id = m.id)) as held
         from appuntamenti a join mansioni m on m.id = a.mansione_id where a.azienda_id = $1`,
    );
    expect(appointments.length).toBeGreaterThan(40);
    for (const a of appointments) {
      expect(a.mansione, a.titolo).toBe(fitting(a.titolo) ?? a.mansione);
      expect(a.held, `${a.titolo}: ${a.mansione}`).toBe(true);
    }
  });

  it("keeps each technician's appointments and reports in their own region", async () => {
    const places = await sql<{ tech: string; provincia: string; lat: number | null; lng: number | null }>(
      `select t.utente_id as tech, k.provincia, k.latitude as lat, k.longitude as lng
         from appuntamenti a join appuntamenti_tecnici t on t.appuntamento_id = a.id join clienti k on k.id = a.cliente_id
        where a.azienda_id = $1
       union all
       select t.utente_id, k.provincia, k.latitude, k.longitude
         from rapportini r join rapportini_tecnici t on t.rapportino_id = r.id join clienti k on k.id = r.cliente_id
        where r.azienda_id = $1`,
    );
    const km = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
      const rad = Math.PI / 180;
      const h =
        Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
        Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
      return 2 * 6371 * Math.asin(Math.sqrt(h));
    };
    const regions: string[] = [];
    for (const tech of techs) {
      const own = places.filter((p) => p.tech === tech);
      expect(own.length).toBeGreaterThan(30);
      const region = new Set(own.map((p) => regionOf(p.provincia)));
      expect([...region], `provinces ${[...new Set(own.map((p) => p.provincia))].join(', ')}`).toHaveLength(1);
      expect([...region][0]).not.toBeNull();
      regions.push([...region][0]!);
      // A day's drive at most between any two of their customers (Sardinia to Sicily is over 400 km).
      const placed = own.filter((p) => p.lat !== null && p.lng !== null) as { lat: number; lng: number }[];
      let widest = 0;
      for (const a of placed) for (const b of placed) widest = Math.max(widest, km(a, b));
      expect(widest).toBeLessThan(260);
    }
    expect(new Set(regions).size).toBe(techs.length);
  });
});
