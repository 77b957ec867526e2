import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appuntamento } from '@fs/contract';
import type { Db } from '../platform/db/client.js';
import { call, startTestApp, type TestApp } from '../test/harness.js';
import { createCompany } from '../test/factories.js';
import { seedSampleData } from './sample.js';
import { seedSampleContracts } from './sample-contracts.js';
import { seedSampleReports } from './sample-reports.js';
import { SAMPLE_TODOS, seedSampleSchedule } from './sample-schedule.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
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
    const tag = Math.random().toString(36).slice(2, 10);
    const c = await createCompany(t, {
      users: [
        { username: 'admin', password: 'password123', role: 'admin', email: `admin.${tag}@demo.test` },
        { username: 'mario', password: 'password123', role: 'user', name: 'Mario', scheduleenabled: 'Y' },
        { username: 'luca', password: 'password123', role: 'user', name: 'Luca', scheduleenabled: 'Y' },
      ],
    });
    const techs = [c.user('mario').id, c.user('luca').id];
    await (t.deps.db as Db).transaction((tx) => seedSampleData(tx, c.company.id, techs));
    await seedSampleContracts(t.deps, c.company.id);
    await seedSampleReports(t.deps, c.company.id);
    const seeded = await seedSampleSchedule(t.deps, c.company.id);
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
    const weekTechs = new Set(week.json.items.flatMap((a: Appuntamento) => a.tecnici.map((x) => x.id)));
    expect([...weekTechs].sort()).toEqual([...techs].sort());

    // The two months: working days only, 8:00 to 18:00 in Rome, 2 to 4 a day (or one all day), varied.
    const month1 = `${today.slice(0, 8)}01`;
    const [y, m] = today.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
    const all = (
      await call(t.app, 'GET', `/api/v2/schedule/appointments/start/${compact(month1)}/end/${compact(last)}`, s)
    ).json.items as Appuntamento[];
    expect(all).toHaveLength(seeded.appointments);
    const perDay = new Map<string, Appuntamento[]>();
    for (const a of all) {
      const wd = new Date(
        `${a.giorno_inizio!.slice(0, 4)}-${a.giorno_inizio!.slice(4, 6)}-${a.giorno_inizio!.slice(6)}T12:00:00Z`,
      ).getUTCDay();
      expect([0, 6]).not.toContain(wd);
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
    if (![0, 6].includes(new Date(`${today}T12:00:00Z`).getUTCDay())) {
      expect(todays.map((a) => rome(a.inizio!).slice(11)).sort()).toEqual(['09:00', '09:00', '14:30', '14:30']);
    }

    const todos = await call(t.app, 'GET', '/api/schedule/appointments/admin?todo=true', s);
    expect(todos.json.totaleElementi).toBe(SAMPLE_TODOS);
    expect(todos.json.items.every((a: Appuntamento) => a.da_fare && a.inizio === null)).toBe(true);

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

    // Once only: a second run adds nothing.
    expect(await seedSampleSchedule(t.deps, c.company.id)).toMatchObject({ appointments: 0, todos: 0 });
    const again = await t.deps.database.executeSql(
      'select count(*)::int as n from appuntamenti where azienda_id = $1',
      [c.company.id],
    );
    expect((again.rows[0] as { n: number }).n).toBe(seeded.appointments + SAMPLE_TODOS);
  }, 180_000);
});
