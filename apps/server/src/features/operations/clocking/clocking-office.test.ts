import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.js';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { clockingCompany, rome, type ClockingCompany } from './test-helpers.js';

/** The office's save: entries, corrections, removals, travel, month approval; totals and anomalies. */
let t: TestApp;
const clock = fixedClock(rome('2026-11-24', '18:00'));
beforeAll(async () => {
  t = await startTestApp({ ACCESS_TOKEN_TTL_SEC: '86400' }, { clock });
});
afterAll(() => t?.close());

const DAY = '2026-11-24';

async function company() {
  clock.set(rome(DAY, '18:00'));
  return clockingCompany(t);
}

const work = (day: string, from: string, to: string | null, extra: object = {}) => ({
  op: 'INSERISCI',
  tipo: 'LAVORO',
  start: rome(day, from),
  end: to ? rome(day, to) : null,
  motivo: 'Dimenticata',
  ...extra,
});

async function enter(x: ClockingCompany, ops: object[]) {
  const r = await x.save(x.admin, { utenteId: x.techId, operazioni: ops });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.items as { id: string }[];
}

describe("the office's save", () => {
  it('needs data, a technician of the company and the administration permission', async () => {
    const x = await company();
    const empty = await x.save(x.admin, { utenteId: x.techId, operazioni: [] });
    expect([empty.status, empty.json.code, empty.json.message]).toEqual([
      400,
      'CLOCKING_NO_DATA',
      'Problemi nel salvataggio',
    ]);
    const noTech = await x.save(x.admin, { operazioni: [work(DAY, '08:00', '12:00', { tipo: 'ANDATA' })] });
    expect([noTech.status, noTech.json.code, noTech.json.message]).toEqual([
      400,
      'CLOCKING_TECHNICIAN_REQUIRED',
      'Seleziona prima il tecnico',
    ]);
    const tech = await x.save(x.tech, { utenteId: x.techId, operazioni: [work(DAY, '08:00', '12:00')] });
    expect([tech.status, tech.json.code]).toEqual([403, 'FORBIDDEN']);
    const other = await company();
    const foreign = await x.save(x.admin, { utenteId: other.techId, operazioni: [work(DAY, '08:00', '12:00')] });
    expect(foreign.status).toBe(404);
    const future = await x.save(x.admin, { utenteId: x.techId, operazioni: [work('2026-11-25', '08:00', '12:00')] });
    expect([future.status, future.json.fields[0].path]).toEqual([400, 'operazioni.0.start']);
    const backwards = await x.save(x.admin, { utenteId: x.techId, operazioni: [work(DAY, '12:00', '08:00')] });
    expect(backwards.status).toBe(400);
  });

  it('corrects with a reason: raw times kept, a new version, calculated times and day again, the history', async () => {
    clock.set(rome(DAY, '08:07'));
    const x = await clockingCompany(t);
    const inn = await x.clock(x.tech, { azione: 'ENTRATA', tipo: 'LAVORO', timezone: 'Europe/Rome' });
    clock.set(rome(DAY, '12:01'));
    await x.clock(x.tech, { azione: 'USCITA' });
    clock.set(rome(DAY, '18:00'));
    const id = inn.json.item.id;
    const [item] = await enter(x, [
      { op: 'CORREGGI', id, start: rome(DAY, '07:40'), end: rome(DAY, '12:20'), motivo: 'Badge dimenticato' },
    ]);
    expect(item).toMatchObject({
      id,
      timbraturaStart: rome(DAY, '08:07'),
      timbraturaEnd: rome(DAY, '12:01'),
      timbraturaStartCorretta: rome(DAY, '07:40'),
      timbraturaEndCorretta: rome(DAY, '12:20'),
      // 07:40 is 10 minutes after the 07:30 line (on time); 12:20 is 10 minutes before 12:30.
      timbraturaStartCalcolata: rome(DAY, '07:30'),
      timbraturaEndCalcolata: rome(DAY, '12:30'),
      minutiCalcolati: 300,
      versione: 1,
    });
    // Moved to the evening before: the company day follows the effective start.
    await enter(x, [
      { op: 'CORREGGI', id, start: rome('2026-11-23', '22:00'), end: rome(DAY, '02:00'), motivo: 'Turno di notte' },
    ]);
    const one = await x.get(x.tech, `timbratura?id=${id}`);
    expect(one.json.item).toMatchObject({ giorno: '2026-11-23', versione: 2, timbraturaStart: rome(DAY, '08:07') });
    expect(one.json.item.correzioni).toEqual([
      expect.objectContaining({
        versione: 1,
        motivo: 'Badge dimenticato',
        correttoDa: expect.objectContaining({ id: x.adminId }),
      }),
      expect.objectContaining({ versione: 2, motivo: 'Turno di notte', timbraturaStart: rome('2026-11-23', '22:00') }),
    ]);
    const entered = await enter(x, [work(DAY, '13:00', '17:00')]);
    const history = await x.get(x.admin, `timbratura?id=${entered[0]!.id}`);
    expect(history.json.item).toMatchObject({ origine: 'UFFICIO', versione: 0 });
    expect(history.json.item.correzioni).toEqual([expect.objectContaining({ versione: 0, motivo: 'Dimenticata' })]);
  });

  it('refuses overlaps, all operations or none', async () => {
    const x = await company();
    const [a] = await enter(x, [work(DAY, '08:00', '12:00')]);
    const overlap = await x.save(x.admin, {
      utenteId: x.techId,
      operazioni: [work(DAY, '13:00', '14:00'), work(DAY, '11:00', '13:30')],
    });
    expect([overlap.status, overlap.json.code]).toEqual([409, 'CLOCKING_OVERLAP']);
    const moved = await x.save(x.admin, {
      utenteId: x.techId,
      operazioni: [{ op: 'CORREGGI', id: a!.id, start: rome(DAY, '07:00'), end: rome(DAY, '20:00'), motivo: 'x' }],
    });
    expect(moved.status).toBe(400); // 20:00 is after the clock's 18:00
    const list = await x.get(x.admin, `timbrature?from=${DAY}&to=${DAY}&utenteId=${x.techId}`);
    expect(list.json.items).toHaveLength(1);
    const open = await x.save(x.admin, { utenteId: x.techId, operazioni: [work(DAY, '15:00', null)] });
    expect(open.status).toBe(200);
    const second = await x.save(x.admin, { utenteId: x.techId, operazioni: [work('2026-11-20', '15:00', null)] });
    expect([second.status, second.json.code]).toEqual([409, 'CLOCKING_OPEN_INTERVAL']);
  });

  it('locks an approved month against every change until it is unlocked', async () => {
    const x = await company();
    const [a] = await enter(x, [work('2026-11-20', '08:00', '12:00')]);
    const approve = await x.save(x.admin, { utenteId: x.techId, approvazione: { mese: '2026-11', azione: 'APPROVA' } });
    expect(approve.status, JSON.stringify(approve.json)).toBe(200);
    expect(approve.json.mese).toMatchObject({
      mese: '2026-11',
      approvato: true,
      approvatoDa: expect.objectContaining({ id: x.adminId }),
    });
    const list = await x.get(x.tech, `timbrature?from=2026-11-01&to=2026-11-30`);
    expect(list.json.items[0]).toMatchObject({ approvata: true, libera: false });
    expect(list.json.mesi).toEqual([expect.objectContaining({ mese: '2026-11', approvato: true })]);
    const refused = [
      await x.clock(x.tech, { azione: 'ENTRATA', tipo: 'LAVORO', timezone: 'Europe/Rome' }),
      await x.save(x.admin, { utenteId: x.techId, operazioni: [work(DAY, '08:00', '09:00')] }),
      await x.save(x.admin, {
        utenteId: x.techId,
        operazioni: [
          {
            op: 'CORREGGI',
            id: a!.id,
            start: rome('2026-11-20', '08:00'),
            end: rome('2026-11-20', '13:00'),
            motivo: 'x',
          },
        ],
      }),
      await x.save(x.admin, { utenteId: x.techId, operazioni: [{ op: 'ELIMINA', id: a!.id }] }),
      await x.clock(x.tech, { azione: 'ELIMINA', id: a!.id }),
    ];
    expect(refused.map((r) => [r.status, r.json.code])).toEqual(Array(5).fill([409, 'CLOCKING_MONTH_APPROVED']));
    const techUnlock = await x.save(x.tech, {
      utenteId: x.techId,
      approvazione: { mese: '2026-11', azione: 'SBLOCCA' },
    });
    expect(techUnlock.status).toBe(403);
    const unlock = await x.save(x.admin, { utenteId: x.techId, approvazione: { mese: '2026-11', azione: 'SBLOCCA' } });
    expect(unlock.json.mese).toMatchObject({ approvato: false, approvatoDa: null });
    const removed = await x.save(x.admin, { utenteId: x.techId, operazioni: [{ op: 'ELIMINA', id: a!.id }] });
    expect([removed.status, removed.json.items]).toEqual([200, []]);
    const events = await x.sql(
      `select payload from outbox_events where azienda_id = $1 and tipo = 'clocking.month_approved'`,
      [x.aziendaId],
    );
    expect(events.rows).toEqual([{ payload: { utente_id: x.techId, mese: '2026-11', approvato_da: x.adminId } }]);
    // A month with an interval still open cannot be approved.
    await x.clock(x.tech, { azione: 'ENTRATA', tipo: 'LAVORO', timezone: 'Europe/Rome' });
    const withOpen = await x.save(x.admin, {
      utenteId: x.techId,
      approvazione: { mese: '2026-11', azione: 'APPROVA' },
    });
    expect([withOpen.status, withOpen.json.code]).toEqual([409, 'CLOCKING_OPEN_INTERVAL']);
  });

  it('enters travel in sequence and counts allowance days and amounts, across the range edge', async () => {
    const x = await company();
    await x.option('trasferte', 'enabled', '1');
    await x.option('trasferte', 'importo_giornaliero', '45.00');
    await x.option('trasferte', 'distanza_minima_km', '50');
    const cliente = await x.customer('120');
    const ritorno = await x.save(x.admin, {
      utenteId: x.techId,
      operazioni: [{ ...work('2026-11-17', '07:00', '09:00'), tipo: 'RITORNO' }],
    });
    expect([ritorno.status, ritorno.json.code]).toEqual([409, 'CLOCKING_TRAVEL_SEQUENCE']);
    const [andata] = await enter(x, [
      { ...work('2026-11-17', '07:00', '09:00'), tipo: 'ANDATA', clienteId: cliente },
      work('2026-11-17', '09:00', '17:00'),
      { ...work('2026-11-19', '15:00', '17:00'), tipo: 'RITORNO' },
    ]);
    expect(andata).toMatchObject({ km: 120, clienteId: cliente });
    const whole = await x.get(x.admin, `timbrature?from=2026-11-16&to=2026-11-22&utenteId=${x.techId}`);
    expect(whole.json.totali).toEqual([
      expect.objectContaining({
        lavoroMinuti: 480,
        viaggioMinuti: 240,
        giorniTrasferta: 3,
        importoTrasferte: '135.00',
      }),
    ]);
    const fromSecond = await x.get(x.admin, `timbrature?from=2026-11-18&to=2026-11-22&utenteId=${x.techId}`);
    expect(fromSecond.json.totali[0]).toMatchObject({ giorniTrasferta: 2, importoTrasferte: '90.00' });
    // The overview's lean reading gives the same totals, without the records.
    for (const range of ['from=2026-11-16&to=2026-11-22', 'from=2026-11-18&to=2026-11-22']) {
      const full = await x.get(x.admin, `timbrature?${range}&tutti=1`);
      const lean = await x.get(x.admin, `timbrature?${range}&tutti=1&forma=totali`);
      expect(lean.json.items).toEqual([]);
      expect(lean.json.totali).toEqual(full.json.totali);
      expect(lean.json.mesi).toEqual(full.json.mesi);
    }
    // Removing the outward travel would leave a return without it.
    const drop = await x.save(x.admin, { utenteId: x.techId, operazioni: [{ op: 'ELIMINA', id: andata!.id }] });
    expect([drop.status, drop.json.code]).toEqual([409, 'CLOCKING_TRAVEL_SEQUENCE']);
    const rnn = await x.save(x.admin, {
      utenteId: x.techId,
      operazioni: [{ op: 'RITORNO_NON_NECESSARIO', id: andata!.id }],
    });
    expect([rnn.status, rnn.json.code]).toEqual([409, 'CLOCKING_TRAVEL_SEQUENCE']);
  });

  it('flags open, overlapping, long days and stale positions', async () => {
    const x = await company();
    await enter(x, [work('2026-11-20', '06:00', '19:00'), work('2026-11-23', '08:00', null)]);
    // An overlap and a stale fix as older data may hold them (the rules refuse new ones).
    await x.sql(
      `insert into timbrature (azienda_id, utente_id, tipo, giorno, timbratura_start, timbratura_end,
         timbratura_start_calcolata, timbratura_end_calcolata, minuti_calcolati, aperta, timezone,
         start_latitude, start_longitude, start_fix_at, start_fix_stale)
       values ($1, $2, 'LAVORO', '2026-11-21', $3, $4, $3, $4, 60, false, 'Europe/Rome', 45, 7, $3, true),
              ($1, $2, 'LAVORO', '2026-11-21', $5, $6, $5, $6, 60, false, 'Europe/Rome', null, null, null, null)`,
      [
        x.aziendaId,
        x.techId,
        rome('2026-11-21', '08:00'),
        rome('2026-11-21', '09:00'),
        rome('2026-11-21', '08:30'),
        rome('2026-11-21', '09:30'),
      ],
    );
    const list = await x.get(x.admin, `timbrature?from=2026-11-20&to=${DAY}&tutti=1`);
    const byDay = Object.fromEntries(
      list.json.items.map((i: { giorno: string; timbraturaStart: string; anomalie: string[] }) => [
        `${i.giorno} ${i.timbraturaStart}`,
        i.anomalie,
      ]),
    );
    expect(byDay).toEqual({
      [`2026-11-20 ${rome('2026-11-20', '06:00')}`]: ['GIORNO_OLTRE_12_ORE'],
      [`2026-11-21 ${rome('2026-11-21', '08:00')}`]: ['SOVRAPPOSTA', 'POSIZIONE_NON_VALIDA'],
      [`2026-11-21 ${rome('2026-11-21', '08:30')}`]: ['SOVRAPPOSTA'],
      [`2026-11-23 ${rome('2026-11-23', '08:00')}`]: ['APERTA'],
    });
    expect(list.json.totali).toEqual([
      expect.objectContaining({ utente: expect.objectContaining({ id: x.techId }), anomalie: 4 }),
    ]);
    const lean = await x.get(x.admin, `timbrature?from=2026-11-20&to=${DAY}&tutti=1&forma=totali`);
    expect(lean.json.totali).toEqual(list.json.totali);
    // A range starting on the 22nd still sees the 21st's evening: an interval of the 21st running past midnight
    // overlaps the 22nd's only one, and only the 22nd's records are answered and counted.
    await x.sql(
      `update timbrature set timbratura_end = $3, timbratura_end_calcolata = $3
       where azienda_id = $1 and utente_id = $2 and timbratura_start = $4`,
      [x.aziendaId, x.techId, rome('2026-11-22', '07:30'), rome('2026-11-21', '08:30')],
    );
    await x.sql(
      `insert into timbrature (azienda_id, utente_id, tipo, giorno, timbratura_start, timbratura_end,
         timbratura_start_calcolata, timbratura_end_calcolata, minuti_calcolati, aperta, timezone)
       values ($1, $2, 'LAVORO', '2026-11-22', $3, $4, $3, $4, 60, false, 'Europe/Rome')`,
      [x.aziendaId, x.techId, rome('2026-11-22', '07:00'), rome('2026-11-22', '08:00')],
    );
    const the22nd = await x.get(x.admin, `timbrature?from=2026-11-22&to=2026-11-22&tutti=1`);
    expect(the22nd.json.items.map((i: { anomalie: string[] }) => i.anomalie)).toEqual([['SOVRAPPOSTA']]);
    const leanThe22nd = await x.get(x.admin, `timbrature?from=2026-11-22&to=2026-11-22&tutti=1&forma=totali`);
    expect(leanThe22nd.json.totali).toEqual([expect.objectContaining({ anomalie: 1, lavoroMinuti: 60 })]);
  });
});

describe("the office's overview kept under the clocking revision", () => {
  it('answers again from what it kept, and anew after every change it shows', async () => {
    const x = await company();
    const overview = async () => {
      const r = await x.get(x.admin, `timbrature?from=2026-11-01&to=2026-11-30&tutti=1&forma=totali`);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      return r.json;
    };
    const mine = (o: { totali: { utente: { id: string } }[] }) => o.totali.find((r) => r.utente.id === x.techId);
    const revision = async () =>
      Number(
        (await x.sql(`select revisione from revisioni_timbrature where azienda_id = $1`, [x.aziendaId])).rows[0]
          ?.revisione ?? 0,
      );
    const [a] = await enter(x, [work('2026-11-20', '08:00', '12:00')]);
    const first = await overview();
    expect(mine(first)).toMatchObject({ lavoroMinuti: 240 });
    // A write under the database's feet (no route) still bumps the revision: the kept answer is not served.
    const before = await revision();
    await x.sql(`update timbrature set minuti_calcolati = 180 where id = $1`, [a!.id]);
    expect(await revision()).toBe(before + 1);
    expect(mine(await overview())).toMatchObject({ lavoroMinuti: 180 });
    // Kept while nothing changes: the same answer, no new revision.
    expect(await overview()).toEqual(await overview());
    expect(await revision()).toBe(before + 1);
    // A correction, an approval, a name: each shows at once.
    const corrected = await x.save(x.admin, {
      utenteId: x.techId,
      operazioni: [
        {
          op: 'CORREGGI',
          id: a!.id,
          start: rome('2026-11-20', '08:00'),
          end: rome('2026-11-20', '13:00'),
          motivo: 'x',
        },
      ],
    });
    expect(corrected.status).toBe(200);
    expect(mine(await overview())).toMatchObject({ lavoroMinuti: 300 });
    await x.save(x.admin, { utenteId: x.techId, approvazione: { mese: '2026-11', azione: 'APPROVA' } });
    expect((await overview()).mesi).toContainEqual(
      expect.objectContaining({ utenteId: x.techId, mese: '2026-11', approvato: true }),
    );
    await x.sql(`update utenti set surname = 'Rinominato' where id = $1`, [x.techId]);
    expect(mine(await overview())!.utente).toMatchObject({ surname: 'Rinominato' });
    // An interval left open is an anomaly only once its day is over: the company day is part of the key.
    await x.save(x.admin, { utenteId: x.techId, approvazione: { mese: '2026-11', azione: 'SBLOCCA' } });
    await enter(x, [work(DAY, '14:00', null)]);
    expect(mine(await overview())).toMatchObject({ anomalie: 0 });
    clock.set(rome('2026-11-25', '09:00'));
    expect(mine(await overview())).toMatchObject({ anomalie: 1 });
  });
  it('lets an office group with only the administration permission read every list, record and last one', async () => {
    const x = await company();
    const [a] = await enter(x, [work('2026-11-20', '08:00', '12:00')]);
    const read = {
      userRead: true,
      userWrite: false,
      userDelete: false,
      companyRead: true,
      companyWrite: false,
      companyDelete: false,
    };
    const g = await call(t.app, 'POST', '/api/gruppi/gruppo', {
      ...x.admin,
      body: { name: 'Paghe', membri: [x.techId], permissions: { amministrazione_timbrature: read } },
    });
    expect(g.status, JSON.stringify(g.json)).toBe(200);
    const payroll = await x.c.login('tech');
    const reads = [
      await x.get(payroll, `timbrature?from=2026-11-01&to=2026-11-30&tutti=1`),
      await x.get(payroll, `timbrature?from=2026-11-01&to=2026-11-30&tutti=1&forma=totali`),
      await x.get(payroll, `timbratura?id=${a!.id}`),
      await x.get(payroll, `timbratura/last?utenteId=${x.techId}`),
    ];
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // Reading is all it holds: no clock of its own, no corrections.
    const clockIn = await x.clock(payroll, { azione: 'ENTRATA', tipo: 'LAVORO', timezone: 'Europe/Rome' });
    const save = await x.save(payroll, { utenteId: x.techId, operazioni: [work(DAY, '08:00', '09:00')] });
    expect([clockIn.status, save.status]).toEqual([403, 403]);
  });
});

describe('another company', () => {
  it("reaches none of A's records with B's token and valid ids", async () => {
    const a = await company();
    const b = await company();
    const [rec] = await enter(a, [work(DAY, '08:00', '12:00')]);
    const before = await a.sql(`select * from timbrature where azienda_id = $1`, [a.aziendaId]);
    const answers = [
      await b.get(b.admin, `timbratura?id=${rec!.id}`),
      await b.get(b.admin, `timbratura/last?utenteId=${a.techId}`),
      await b.get(b.admin, `timbrature?from=${DAY}&to=${DAY}&utenteId=${a.techId}`),
      await b.save(b.admin, {
        utenteId: b.techId,
        operazioni: [{ op: 'CORREGGI', id: rec!.id, start: rome(DAY, '07:00'), end: rome(DAY, '12:00'), motivo: 'B' }],
      }),
      await b.save(b.admin, { utenteId: b.techId, operazioni: [{ op: 'ELIMINA', id: rec!.id }] }),
      await b.save(b.admin, { utenteId: a.techId, approvazione: { mese: '2026-11', azione: 'APPROVA' } }),
      await b.clock(b.tech, { azione: 'ELIMINA', id: rec!.id }),
      await b.clock(b.tech, { azione: 'RITORNO_NON_NECESSARIO', id: rec!.id }),
    ];
    expect(answers.map((r) => r.status)).toEqual(Array(answers.length).fill(404));
    const all = await b.get(b.admin, `timbrature?from=${DAY}&to=${DAY}&tutti=1`);
    expect(all.json.items).toEqual([]);
    expect((await a.sql(`select * from timbrature where azienda_id = $1`, [a.aziendaId])).rows).toEqual(before.rows);
  });
});
