import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { clockingCompany, rome } from './test-helpers.js';
import { openIntervalConflict } from './writes.js';

/** The technician's own clock and the reads (issue 26, decision 0045), on PGlite and PostgreSQL. */
let t: TestApp;
const clock = fixedClock(rome('2026-11-24', '08:05'));
beforeAll(async () => {
  // The clock moves through working days: access tokens live a day (the longest the settings allow).
  t = await startTestApp({ ACCESS_TOKEN_TTL_SEC: '86400' }, { clock });
});
afterAll(() => t?.close());

const DAY = '2026-11-24';

describe('the own clock', () => {
  it('opens an interval, refuses a second, closes it on the grid with tolerance and rounding', async () => {
    clock.set(rome(DAY, '08:05'));
    const x = await clockingCompany(t);
    const inn = await x.clock(x.tech, { azione: 'ENTRATA', tipo: 'LAVORO', timezone: 'Europe/Rome' });
    expect(inn.status, JSON.stringify(inn.json)).toBe(200);
    expect(inn.json.item).toMatchObject({
      tipo: 'LAVORO',
      origine: 'TECNICO',
      giorno: DAY,
      timbraturaStart: rome(DAY, '08:05'),
      timbraturaEnd: null,
      timbraturaStartCalcolata: rome(DAY, '08:00'),
      minutiCalcolati: null,
      versione: 0,
      libera: false,
      anomalie: [],
    });
    const again = await x.clock(x.tech, { azione: 'ENTRATA', tipo: 'ANDATA', timezone: 'Europe/Rome' });
    expect([again.status, again.json.code]).toEqual([409, 'CLOCKING_OPEN_INTERVAL']);
    expect(again.json.message).toMatch(/intervallo aperto/);
    const last = await x.get(x.tech, 'timbratura/last');
    expect([last.status, last.json.item.id]).toEqual([200, inn.json.item.id]);

    clock.set(rome(DAY, '16:52'));
    const out = await x.clock(x.tech, { azione: 'USCITA' });
    expect(out.status, JSON.stringify(out.json)).toBe(200);
    expect(out.json.item).toMatchObject({
      timbraturaEnd: rome(DAY, '16:52'),
      timbraturaEndCalcolata: rome(DAY, '17:00'),
      minutiCalcolati: 540,
      libera: true,
    });
    const none = await x.clock(x.tech, { azione: 'USCITA' });
    expect([none.status, none.json.code]).toEqual([409, 'CLOCKING_NO_OPEN_INTERVAL']);

    const list = await x.get(x.tech, `timbrature?from=${DAY}&to=${DAY}`);
    expect(list.status).toBe(200);
    expect(list.json.items).toHaveLength(1);
    expect(list.json.totali).toEqual([
      expect.objectContaining({ lavoroMinuti: 540, viaggioMinuti: 0, giorniTrasferta: 0, importoTrasferte: '0.00' }),
    ]);
    expect(list.json.regole).toMatchObject({ tolleranzaMinuti: 10, arrotondamentoMinuti: 15 });
    expect(list.json.mesi).toEqual([expect.objectContaining({ mese: '2026-11', approvato: false })]);
    const events = await x.sql(
      `select tipo, payload from outbox_events where azienda_id = $1 and tipo = 'clocking.closed'`,
      [x.aziendaId],
    );
    expect(events.rows).toEqual([
      { tipo: 'clocking.closed', payload: expect.objectContaining({ id: inn.json.item.id, minuti_calcolati: 540 }) },
    ]);
  });

  it('answers CLOCKING_DISABLED while the clocking option is off', async () => {
    clock.set(rome(DAY, '08:00'));
    const x = await clockingCompany(t);
    await x.option('timbrature', 'enabled', '0');
    const r = await x.clock(x.tech, { azione: 'ENTRATA', tipo: 'LAVORO', timezone: 'Europe/Rome' });
    expect([r.status, r.json.code]).toEqual([409, 'CLOCKING_DISABLED']);
  });

  it('keeps one open interval when two devices clock in at the same instant', async () => {
    clock.set(rome(DAY, '07:58'));
    const x = await clockingCompany(t);
    const app = await x.techOnApp();
    const body = { azione: 'ENTRATA', tipo: 'LAVORO', timezone: 'Europe/Rome' };
    const answers = await Promise.all([x.clock(x.tech, body), x.clock(app, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.json.code).toBe('CLOCKING_OPEN_INTERVAL');
    const open = await x.sql(`select count(*)::int as n from timbrature where azienda_id = $1 and aperta`, [
      x.aziendaId,
    ]);
    expect(open.rows[0].n).toBe(1);
  });

  it('maps the database refusal of a second open interval to CLOCKING_OPEN_INTERVAL', async () => {
    clock.set(rome(DAY, '08:00'));
    const x = await clockingCompany(t);
    const insert = () =>
      x.sql(
        `insert into timbrature (azienda_id, utente_id, tipo, giorno, timbratura_start, timbratura_start_calcolata, timezone)
         values ($1, $2, 'LAVORO', '2026-11-20', now(), now(), 'Europe/Rome')`,
        [x.aziendaId, x.techId],
      );
    await insert();
    await expect(insert().catch(openIntervalConflict)).rejects.toMatchObject({
      code: 'CLOCKING_OPEN_INTERVAL',
      status: 409,
    });
  });

  it('stores a fix, stale when older than the geolocation validity; none while geolocation is off', async () => {
    clock.set(rome(DAY, '08:00'));
    const x = await clockingCompany(t);
    const fix = (minutesAgo: number) => ({
      latitude: 45.07,
      longitude: 7.68,
      accuracyM: 12,
      fixAt: new Date(clock.now().getTime() - minutesAgo * 60_000).toISOString(),
    });
    const off = await x.clock(x.tech, {
      azione: 'ENTRATA',
      tipo: 'LAVORO',
      timezone: 'Europe/Rome',
      posizione: fix(1),
    });
    expect(off.json.item.posizioneStart).toBeNull();
    clock.set(rome(DAY, '09:00'));
    await x.clock(x.tech, { azione: 'USCITA' });

    await x.option('geolocalizzazione', 'enabled', '1');
    await x.option('geolocalizzazione', 'validita_minuti', '15');
    clock.set(rome(DAY, '10:00'));
    const inn = await x.clock(x.tech, {
      azione: 'ENTRATA',
      tipo: 'LAVORO',
      timezone: 'Europe/Rome',
      posizione: fix(5),
    });
    expect(inn.json.item.posizioneStart).toEqual({ ...fix(5), stale: false });
    clock.set(rome(DAY, '12:00'));
    const out = await x.clock(x.tech, { azione: 'USCITA', posizione: fix(30) });
    expect(out.json.item.posizioneEnd).toMatchObject({ latitude: 45.07, stale: true });
    expect(out.json.item.anomalie).toEqual(['POSIZIONE_NON_VALIDA']);
  });

  it('removes only free records of one’s own', async () => {
    clock.set(rome(DAY, '08:00'));
    const x = await clockingCompany(t);
    const inn = await x.clock(x.tech, { azione: 'ENTRATA', tipo: 'LAVORO', timezone: 'Europe/Rome' });
    const id = inn.json.item.id;
    const open = await x.clock(x.tech, { azione: 'ELIMINA', id });
    expect([open.status, open.json.code]).toEqual([409, 'CLOCKING_NOT_FREE']);
    clock.set(rome(DAY, '10:00'));
    await x.clock(x.tech, { azione: 'USCITA' });
    // Corrected by the office: no longer the technician's to remove.
    const fixd = await x.save(x.admin, {
      utenteId: x.techId,
      operazioni: [
        { op: 'CORREGGI', id, start: rome(DAY, '07:30'), end: rome(DAY, '10:00'), motivo: 'Ingresso anticipato' },
      ],
    });
    expect(fixd.status, JSON.stringify(fixd.json)).toBe(200);
    const corrected = await x.clock(x.tech, { azione: 'ELIMINA', id });
    expect([corrected.status, corrected.json.code]).toEqual([409, 'CLOCKING_NOT_FREE']);
    clock.set(rome(DAY, '11:00'));
    const other = await x.clock(x.tech, { azione: 'ENTRATA', tipo: 'LAVORO', timezone: 'Europe/Rome' });
    clock.set(rome(DAY, '12:00'));
    await x.clock(x.tech, { azione: 'USCITA' });
    const adminsOwn = await x.clock(x.admin, { azione: 'ELIMINA', id: other.json.item.id });
    expect(adminsOwn.status).toBe(404);
    const removed = await x.clock(x.tech, { azione: 'ELIMINA', id: other.json.item.id });
    expect([removed.status, removed.json.item]).toEqual([200, null]);
    const gone = await x.get(x.tech, `timbratura?id=${other.json.item.id}`);
    expect(gone.status).toBe(404);
  });

  it('keeps travel in sequence across days; the return can be marked not necessary; km from the customer', async () => {
    clock.set(rome('2026-11-23', '10:00'));
    const x = await clockingCompany(t);
    const cliente = await x.customer('80');
    const ritorno = await x.clock(x.tech, { azione: 'ENTRATA', tipo: 'RITORNO', timezone: 'Europe/Rome' });
    expect([ritorno.status, ritorno.json.code]).toEqual([409, 'CLOCKING_TRAVEL_SEQUENCE']);
    const andata = await x.clock(x.tech, {
      azione: 'ENTRATA',
      tipo: 'ANDATA',
      timezone: 'Europe/Rome',
      clienteId: cliente,
    });
    expect(andata.json.item).toMatchObject({
      tipo: 'ANDATA',
      clienteId: cliente,
      clienteNome: 'Cliente lontano',
      km: 80,
    });
    clock.set(rome('2026-11-23', '11:30'));
    await x.clock(x.tech, { azione: 'USCITA' });
    clock.set(rome(DAY, '07:00'));
    const second = await x.clock(x.tech, { azione: 'ENTRATA', tipo: 'ANDATA', timezone: 'Europe/Rome', km: 10 });
    expect([second.status, second.json.code]).toEqual([409, 'CLOCKING_TRAVEL_SEQUENCE']);
    const work = await x.clock(x.tech, { azione: 'ENTRATA', tipo: 'LAVORO', timezone: 'Europe/Rome' });
    const notOnWork = await x.clock(x.tech, { azione: 'RITORNO_NON_NECESSARIO', id: work.json.item.id });
    expect(notOnWork.status).toBe(400);
    clock.set(rome(DAY, '08:00'));
    await x.clock(x.tech, { azione: 'USCITA' });
    const marked = await x.clock(x.tech, { azione: 'RITORNO_NON_NECESSARIO', id: andata.json.item.id });
    expect([marked.status, marked.json.item.ritornoNonNecessario]).toEqual([200, true]);
    const now = await x.clock(x.tech, { azione: 'ENTRATA', tipo: 'ANDATA', timezone: 'Europe/Rome', km: 10 });
    expect([now.status, now.json.item.km]).toEqual([200, 10]);
    clock.set(rome(DAY, '09:00'));
    await x.clock(x.tech, { azione: 'USCITA' });
    const foreign = await x.clock(x.tech, {
      azione: 'ENTRATA',
      tipo: 'RITORNO',
      timezone: 'Europe/Rome',
      clienteId: crypto.randomUUID(),
    });
    expect([foreign.status, foreign.json.code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('reads and permissions', () => {
  it("gives the technician their own records only; the office everyone's", async () => {
    clock.set(rome(DAY, '08:00'));
    const x = await clockingCompany(t);
    const mine = await x.clock(x.admin, { azione: 'ENTRATA', tipo: 'LAVORO', timezone: 'Europe/Rome' });
    await x.clock(x.tech, { azione: 'ENTRATA', tipo: 'LAVORO', timezone: 'Europe/Rome' });
    const range = `from=${DAY}&to=${DAY}`;
    for (const path of [
      `timbrature?${range}&utenteId=${x.adminId}`,
      `timbrature?${range}&tutti=1`,
      `timbratura?id=${mine.json.item.id}`,
      `timbratura/last?utenteId=${x.adminId}`,
    ]) {
      const r = await x.get(x.tech, path);
      expect([path, r.status, r.json.code]).toEqual([path, 403, 'FORBIDDEN']);
    }
    const own = await x.get(x.tech, `timbrature?${range}`);
    expect(own.json.items.map((i: { utenteId: string }) => i.utenteId)).toEqual([x.techId]);
    const all = await x.get(x.admin, `timbrature?${range}&tutti=1`);
    expect(all.json.items).toHaveLength(2);
    expect(all.json.totali.map((r: { utente: { id: string } }) => r.utente.id).sort()).toEqual(
      [x.adminId, x.techId].sort(),
    );
    const theirs = await x.get(x.admin, `timbratura/last?utenteId=${x.techId}`);
    expect([theirs.status, theirs.json.item.utenteId]).toEqual([200, x.techId]);
    const nobody = await x.get(x.admin, `timbratura/last?utenteId=${crypto.randomUUID()}`);
    expect(nobody.status).toBe(404);
  });

  it('answers 404 for a technician without records and 400 for a wrong range', async () => {
    clock.set(rome(DAY, '08:00'));
    const x = await clockingCompany(t);
    const last = await x.get(x.tech, 'timbratura/last');
    expect([last.status, last.json.code]).toEqual([404, 'NOT_FOUND']);
    const backwards = await x.get(x.tech, `timbrature?from=2026-11-30&to=2026-11-01`);
    expect([backwards.status, backwards.json.code]).toEqual([400, 'VALIDATION']);
    const wide = await x.get(x.tech, `timbrature?from=2026-01-01&to=2026-03-04`);
    expect([wide.status, wide.json.code]).toEqual([400, 'VALIDATION']);
    const widest = await x.get(x.tech, `timbrature?from=2026-01-01&to=2026-03-03`);
    expect(widest.status).toBe(200);
  });
});
