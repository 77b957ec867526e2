import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calculateInterval, dayIn, wallClock } from '@fs/contract';
import type { Db } from '../platform/db/client.js';
import { fixedClock } from '../platform/clock.js';
import { opzioniAzienda } from '../platform/db/schema-options.js';
import { call, startTestApp, type TestApp } from '../test/harness.js';
import { createCompany, PASSWORD } from '../test/factories.js';
import { seedSampleData } from './sample.js';
import { SAMPLE_CLOCKING, seedSampleClocking } from './sample-clocking.js';
import { isWorkingDay } from './sample-schedule.js';

let t: TestApp;
// A Friday in Rome: the clockings run from Sunday 27 September to Thursday 26 November.
const NOW = '2026-11-27T09:00:00Z';
beforeAll(async () => {
  t = await startTestApp({}, { clock: fixedClock(NOW) });
});
afterAll(() => t?.close());

const ZONE = 'Europe/Rome';
const RULES = { toleranceMinutes: 10, roundingMinutes: 15, timeZone: ZONE };

interface Rec {
  id: string;
  utente_id: string;
  tipo: string;
  giorno: string;
  timbratura_start: Date;
  timbratura_end: Date | null;
  timbratura_start_corretta: Date | null;
  timbratura_end_corretta: Date | null;
  timbratura_start_calcolata: Date;
  timbratura_end_calcolata: Date | null;
  minuti_calcolati: number | null;
  aperta: boolean;
  cliente_id: string | null;
  km: string | null;
  versione: number;
}

describe("the demo company's clockings", () => {
  it('clock every working day of two months with travel, late entries absorbed, a correction, a forgotten exit, last month approved', async () => {
    const c = await createCompany(t, {
      users: [
        { username: 'admin', password: PASSWORD, role: 'admin', name: 'Anna', surname: 'Ferrari' },
        { username: 'luca.bianchi', password: PASSWORD, role: 'user', name: 'Luca', surname: 'Bianchi' },
        { username: 'mario.rossi', password: PASSWORD, role: 'user', name: 'Mario', surname: 'Rossi' },
      ],
    });
    const aziendaId = c.company.id;
    const [first, second] = [c.user('luca.bianchi').id, c.user('mario.rossi').id];
    await (t.deps.db as Db).transaction((tx) => seedSampleData(tx, aziendaId, [first, second]));
    const made = await seedSampleClocking(t.deps, aziendaId);
    expect(made.records).toBeGreaterThan(2 * 40 * 2);
    // Once: a company that has clockings is left as it is.
    expect(await seedSampleClocking(t.deps, aziendaId)).toEqual({ records: 0 });

    const rows = (
      await t.deps.database.executeSql(
        `select *, giorno::text as giorno, km::text as km from timbrature where azienda_id = $1
          order by utente_id, timbrature.giorno, coalesce(timbratura_start_corretta, timbratura_start)`,
        [aziendaId],
      )
    ).rows as unknown as Rec[];
    const days: string[] = [];
    for (let d = '2026-09-27'; d <= '2026-11-26'; d = addDays(d, 1)) if (isWorkingDay(d)) days.push(d);
    expect(days).toHaveLength(44);
    for (const tech of [first, second]) {
      const mine = rows.filter((r) => r.utente_id === tech);
      // Every working day, twice at work (morning and afternoon); nothing on weekends or today.
      expect([...new Set(mine.map((r) => r.giorno))]).toEqual(days);
      for (const d of days) expect(mine.filter((r) => r.giorno === d && r.tipo === 'LAVORO')).toHaveLength(2);
      // Travel alternates outward and return, each to a customer with its km.
      const legs = mine.filter((r) => r.tipo !== 'LAVORO');
      expect(legs.length).toBeGreaterThanOrEqual(8);
      legs.forEach((l, k) => {
        expect(l.tipo).toBe(k % 2 === 0 ? 'ANDATA' : 'RITORNO');
        expect(l.cliente_id).toBeTruthy();
        expect(Number(l.km)).toBeGreaterThanOrEqual(20);
      });
      // A trip over two days: outward one day, return the next.
      expect(legs.some((l, k) => l.tipo === 'ANDATA' && legs[k + 1]?.giorno === addDays(l.giorno, 1))).toBe(true);
    }
    // Calculated times are the company's rules on the effective times (corrected, else raw), days cut in Rome.
    for (const r of rows) {
      const start = r.timbratura_start_corretta ?? r.timbratura_start;
      const end = r.timbratura_end_corretta ?? r.timbratura_end;
      const calc = calculateInterval(new Date(start), end ? new Date(end) : null, RULES);
      expect(new Date(r.timbratura_start_calcolata)).toEqual(calc.start);
      expect(r.timbratura_end_calcolata ? new Date(r.timbratura_end_calcolata) : null).toEqual(calc.end);
      expect(r.minuti_calcolati).toBe(calc.minutes);
      expect(r.giorno).toBe(dayIn(start, ZONE));
      expect(r.aperta).toBe(end === null);
    }
    // A few entries 5 to 9 minutes late, which count from 08:00.
    const late = rows.filter(
      (r) =>
        r.tipo === 'LAVORO' &&
        !r.timbratura_start_corretta &&
        /^08:0[5-9]$/.test(wallClock(r.timbratura_start, ZONE).time) &&
        wallClock(r.timbratura_start_calcolata, ZONE).time === '08:00',
    );
    expect(late.length).toBeGreaterThanOrEqual(4);
    // A day of work only counts 8 hours (late entries absorbed, the corrected one included).
    for (const tech of [first, second])
      for (const d of days.slice(0, -1)) {
        const day = rows.filter((r) => r.utente_id === tech && r.giorno === d);
        if (day.every((r) => r.tipo === 'LAVORO'))
          expect(
            day.reduce((s, r) => s + (r.minuti_calcolati ?? 0), 0),
            `${tech} ${d}`,
          ).toBe(480);
      }

    // The forgotten exit: only the first technician's last interval is open.
    const open = rows.filter((r) => r.aperta);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ utente_id: first, giorno: '2026-11-26', tipo: 'LAVORO' });
    const firstsLast = rows.filter((r) => r.utente_id === first).at(-1)!;
    expect(firstsLast.id).toBe(open[0]!.id);

    // One correction with its reason, by the administrator, raw times kept.
    const versions = (
      await t.deps.database.executeSql(
        'select timbratura_id, versione, motivo, corretto_da from timbrature_versioni where azienda_id = $1',
        [aziendaId],
      )
    ).rows as { timbratura_id: string; versione: number; motivo: string; corretto_da: string }[];
    expect(versions).toEqual([
      expect.objectContaining({
        versione: 1,
        motivo: SAMPLE_CLOCKING.correctionReason,
        corretto_da: c.user('admin').id,
      }),
    ]);
    const corrected = rows.find((r) => r.id === versions[0]!.timbratura_id)!;
    expect(corrected).toMatchObject({ utente_id: second, versione: 1 });
    expect(corrected.giorno.slice(0, 7)).toBe('2026-10');
    expect(wallClock(corrected.timbratura_start, ZONE).time).toBe('08:47');
    expect(wallClock(corrected.timbratura_start_calcolata, ZONE).time).toBe('08:00');

    // October approved by the administrator for both technicians.
    const approvals = await t.deps.database.executeSql(
      `select utente_id, mese::text as mese, approvato_da from timbrature_approvazioni where azienda_id = $1 order by utente_id`,
      [aziendaId],
    );
    expect(approvals.rows).toEqual(
      [first, second].sort().map((u) => ({ utente_id: u, mese: '2026-10-01', approvato_da: c.user('admin').id })),
    );

    // The office's files: with the allowance on, October's trips earn it; November shows the forgotten exit once.
    await (t.deps.db as Db).insert(opzioniAzienda).values([
      { aziendaId, category: 'trasferte', subcategory: 'enabled', value: '1' },
      { aziendaId, category: 'trasferte', subcategory: 'importo_giornaliero', value: '40.00' },
    ]);
    const admin = await c.login('admin');
    const october = (
      await call(t.app, 'GET', '/api/stats/csv/export-timbrature?from=2026-10-01&to=2026-10-31', admin)
    ).raw.body.split('\r\n');
    const totals = october.filter((l) => l.split(';')[2] === 'Totale');
    expect(totals).toHaveLength(2);
    for (const l of totals) expect(Number(l.split(';')[13])).toBeGreaterThan(0);
    const november = (await call(t.app, 'GET', '/api/stats/csv/export-timbrature?from=2026-11-01&to=2026-11-30', admin))
      .raw.body;
    expect(november.match(/Uscita mancante/g)).toHaveLength(1);

    // The office's month view: the forgotten exit flagged, October approved, the correction's history.
    const month = await call(t.app, 'GET', `/api/timbrature/timbrature?from=2026-11-01&to=2026-11-26&tutti=1`, admin);
    expect(month.status, JSON.stringify(month.json).slice(0, 300)).toBe(200);
    const flagged = month.json.items.filter((r: { anomalie: string[] }) => r.anomalie.includes('APERTA'));
    expect(flagged.map((r: { utenteId: string; giorno: string }) => [r.utenteId, r.giorno])).toEqual([
      [first, '2026-11-26'],
    ]);
    const oct = await call(t.app, 'GET', `/api/timbrature/timbrature?from=2026-10-01&to=2026-10-31&tutti=1`, admin);
    expect(oct.json.mesi.filter((m: { approvato: boolean }) => m.approvato)).toHaveLength(2);
    expect(oct.json.items.every((r: { approvata: boolean }) => r.approvata)).toBe(true);
    // Today: Mario (nothing open) clocks in; Luca must have his forgotten exit closed first.
    const entry = { azione: 'ENTRATA', tipo: 'LAVORO', timezone: ZONE };
    const mario = await call(t.app, 'POST', '/api/timbrature/timbratura', {
      ...(await c.login('mario.rossi')),
      body: entry,
    });
    expect(mario.status, JSON.stringify(mario.json)).toBe(200);
    const luca = await call(t.app, 'POST', '/api/timbrature/timbratura', {
      ...(await c.login('luca.bianchi')),
      body: entry,
    });
    expect([luca.status, luca.json.code]).toEqual([409, 'CLOCKING_OPEN_INTERVAL']);
    const one = await call(t.app, 'GET', `/api/timbrature/timbratura?id=${corrected.id}`, admin);
    expect(one.json.item.correzioni).toEqual([
      expect.objectContaining({ versione: 1, motivo: SAMPLE_CLOCKING.correctionReason }),
    ]);
  });
});
