import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_APPOINTMENT_MINUTES } from '@fs/contract';
import { fixedClock } from '../../../platform/clock.js';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { day } from '../reports/test-helpers.js';
import { plannerCompany } from './test-helpers.js';

/**
 * One appointment per visit (issue 24, decision 0040): the report's appointment is the planner's, whichever
 * side creates, moves or deletes it; a report made from an appointment; the technician's day. On PGlite, and
 * on PostgreSQL with TEST_DATABASE_URL.
 */

// Thursday 26 November 2026, 07:30 in Rome.
const clock = fixedClock('2026-11-26T06:30:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(() => t?.close());

type X = Awaited<ReturnType<typeof plannerCompany>>;
const report = (x: X, over: Record<string, unknown> = {}) => ({
  cliente_id: x.clienteId,
  impianto_id: x.impiantoId,
  macchinari_ids: [x.macchinaId],
  tecnici_ids: [x.techId],
  richiesta_iniziale: 'Caldaia in blocco\nIl cliente chiede di chiamare prima',
  ...over,
});
const getReport = async (x: X, id: string) => (await x.get(x.admin, `/rapportini/rapportini/admin/${id}`)).json.item;
const rangeOf = async (x: X, d = '20261120') => (await x.range(x.admin, d, d)).json.items as Record<string, any>[];

describe('one appointment per visit', () => {
  it("a report's date creates the planner's appointment; moving it on the report moves it in the planner", async () => {
    const x = await plannerCompany(t);
    const made = await x.post(x.tech, '/rapportini/rapportino/lavorazione', {
      ...report(x),
      data_appuntamento: '2026-11-20T08:30:00.000Z',
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const r = made.json.item;
    expect(r.data_appuntamento).toBe('2026-11-20T08:30:00.000Z');
    expect(r.appuntamento).toMatchObject({
      inizio: '2026-11-20T08:30:00.000Z',
      da_fare: false,
      tutto_il_giorno: false,
    });
    const [a, ...others] = await rangeOf(x);
    expect(others).toEqual([]);
    expect(a).toMatchObject({
      id: r.appuntamento.id,
      rapportino_id: r.id,
      titolo: 'Caldaia in blocco',
      cliente_id: x.clienteId,
      impianto_id: x.impiantoId,
      macchinari_ids: [x.macchinaId],
      tecnici: [{ id: x.techId }],
      inizio: '2026-11-20T08:30:00.000Z',
      fine: new Date(Date.parse('2026-11-20T08:30:00Z') + REPORT_APPOINTMENT_MINUTES * 60_000).toISOString(),
    });
    // The office makes the visit two hours long in the planner, then the technician moves it from the report.
    const longer = await x.save(x.admin, {
      ...x.base({ inizio: '2026-11-20T08:30:00.000Z', fine: '2026-11-20T10:30:00.000Z' }),
      id: a!.id,
      rapportino_id: r.id,
      impianto_id: x.impiantoId,
      conferma: true,
    });
    expect(longer.json.success, JSON.stringify(longer.json)).toBe(true);
    const moved = await x.post(x.tech, '/rapportini/rapportino/lavorazione', {
      ...report(x),
      id: r.id,
      data_appuntamento: '2026-11-20T13:00:00.000Z',
    });
    expect(moved.json.item.appuntamento).toMatchObject({ id: a!.id, inizio: '2026-11-20T13:00:00.000Z' });
    const after = await rangeOf(x);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: a!.id, inizio: '2026-11-20T13:00:00.000Z', fine: '2026-11-20T15:00:00.000Z' });
    // Left out, the date stays; sent back as answered, nothing moves.
    const kept = await x.post(x.tech, '/rapportini/rapportino/lavorazione', {
      ...report(x),
      id: r.id,
      giornate: [day(x.techId, '2026-11-20')],
    });
    expect(kept.json.item.data_appuntamento).toBe('2026-11-20T13:00:00.000Z');
    expect((await rangeOf(x)).map((i) => i.id)).toEqual([a!.id]);
  });

  it('moving the appointment in the planner moves it on the report; deleting it clears it', async () => {
    const x = await plannerCompany(t);
    const made = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      ...report(x),
      data_appuntamento: '2026-11-20T08:00:00.000Z',
    });
    const id = made.json.item.id;
    const a = made.json.item.appuntamento;
    const moved = await x.save(x.admin, {
      ...x.base({ inizio: '2026-11-21T07:00:00.000Z', fine: '2026-11-21T08:00:00.000Z' }),
      id: a.id,
      rapportino_id: id,
      conferma: true,
    });
    expect(moved.json.item.rapportino_id).toBe(id);
    const seen = await getReport(x, id);
    expect(seen.data_appuntamento).toBe('2026-11-21T07:00:00.000Z');
    expect(seen.appuntamento).toMatchObject({ id: a.id, fine: '2026-11-21T08:00:00.000Z' });
    // The report's list rows and the technician's to-dos read the same appointment.
    const row = (await x.get(x.admin, '/rapportini/rapportini/admin?stato=aperti')).json.items.find(
      (i: { id: string }) => i.id === id,
    );
    expect(row.data_appuntamento).toBe('2026-11-21T07:00:00.000Z');
    expect((await call(t.app, 'DELETE', `/api/schedule/appointment/remove/${a.id}`, x.admin)).status).toBe(200);
    const cleared = await getReport(x, id);
    expect(cleared).toMatchObject({ data_appuntamento: null, appuntamento: null });
  });

  it('null on the report deletes the appointment; the planner links one appointment per report', async () => {
    const x = await plannerCompany(t);
    const made = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      ...report(x),
      data_appuntamento: '2026-11-20T09:00:00.000Z',
    });
    const id = made.json.item.id;
    // A second appointment for the same report is refused, naming the link.
    const second = await x.save(x.admin, { ...x.base(), rapportino_id: id, conferma: true });
    expect(second.status).toBe(400);
    expect(second.json.fields[0].path).toBe('rapportino_id');
    expect(await rangeOf(x)).toHaveLength(1);
    const cleared = await x.post(x.admin, '/rapportini/rapportino/admin/update', {
      ...report(x),
      id,
      data_appuntamento: null,
    });
    expect(cleared.json.item).toMatchObject({ data_appuntamento: null, appuntamento: null });
    expect(await rangeOf(x)).toEqual([]);
    // Now the planner may link it again, and the report shows that appointment.
    const linked = await x.save(x.admin, { ...x.base(), rapportino_id: id, conferma: true });
    expect(linked.json.success, JSON.stringify(linked.json)).toBe(true);
    expect((await getReport(x, id)).appuntamento.id).toBe(linked.json.item.id);
  });

  it("an appointment made with its report (crea_rapportino) is that report's, once", async () => {
    const x = await plannerCompany(t);
    const a = await x.create({ crea_rapportino: true, impianto_id: x.impiantoId, note: 'Portare la scala' });
    expect(a.rapportino_id).toBeTruthy();
    const r = await getReport(x, a.rapportino_id);
    expect(r).toMatchObject({ data_appuntamento: a.inizio, appuntamento: { id: a.id, fine: a.fine } });
    expect(await rangeOf(x)).toHaveLength(1);
  });
});

describe('a report made from an appointment', () => {
  it('copies the visit and links it; a second time is a conflict; a technician reaches only their own', async () => {
    const x = await plannerCompany(t);
    const job = await x.post(x.admin, '/mansioni/mansione/create', { nome: 'Manutentore caldaie' });
    expect(job.status, JSON.stringify(job.json)).toBe(200);
    const a = await x.create({
      impianto_id: x.impiantoId,
      macchinari_ids: [x.macchinaId],
      mansione_id: job.json.item.id,
      note: 'Perdita dal circolatore',
    });
    await x.sql("update utenti set scheduleenabled = 'Y' where id = $1", [x.adminId]);
    const other = await x.create({
      tecnici_ids: [x.adminId],
      inizio: '2026-11-20T12:00:00Z',
      fine: '2026-11-20T13:00:00Z',
    });
    expect((await x.post(x.tech, `/schedule/appointment/${other.id}/rapportino`, {})).status).toBe(404);
    const made = await x.post(x.tech, `/schedule/appointment/${a.id}/rapportino`, {});
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json.item).toMatchObject({
      stato: 'NUOVO',
      cliente_id: x.clienteId,
      impianto_id: x.impiantoId,
      macchinari_ids: [x.macchinaId],
      tecnici_ids: [x.techId],
      mansione_id: job.json.item.id,
      richiesta_iniziale: 'Perdita dal circolatore',
      data_appuntamento: a.inizio,
      appuntamento: { id: a.id },
    });
    expect((await x.get(x.admin, `/schedule/appointment/${a.id}`)).json.item.rapportino_id).toBe(made.json.item.id);
    const again = await x.post(x.tech, `/schedule/appointment/${a.id}/rapportino`, {});
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('CONFLICT');
  });
});

describe("the technician's day", () => {
  it("lists today's visits in time order in Rome, then tomorrow's, then open reports without a date", async () => {
    const x = await plannerCompany(t);
    await x.post(x.admin, '/clienti/cliente', { ragione_sociale: 'Altro cliente' });
    await x.post(x.admin, `/clienti/cliente`, {
      id: x.clienteId,
      ragione_sociale: 'Idraulica Verdi S.n.c.',
      indirizzo: 'Via Emilia 10',
      citta: 'Forlì',
      telefono: '0543 123456',
    });
    // Today in Rome: 14:00 (a report's own date), 09:00 (a planner visit); 00:30 tomorrow in Rome is tomorrow.
    const afternoon = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      ...report(x),
      data_appuntamento: '2026-11-26T13:00:00.000Z',
    });
    const morning = await x.create({ inizio: '2026-11-26T08:00:00Z', fine: '2026-11-26T09:00:00Z', note: 'Chiamare' });
    const tomorrow = await x.create({ inizio: '2026-11-26T23:30:00Z', fine: '2026-11-27T00:30:00Z' });
    await x.create({ inizio: '2026-11-25T08:00:00Z', fine: '2026-11-25T09:00:00Z' }); // yesterday
    await x.create({ inizio: '2026-11-28T08:00:00Z', fine: '2026-11-28T09:00:00Z' }); // the day after tomorrow
    await x.sql("update utenti set scheduleenabled = 'Y' where id = $1", [x.adminId]);
    await x.create({ tecnici_ids: [x.adminId], inizio: '2026-11-26T10:00:00Z', fine: '2026-11-26T11:00:00Z' });
    const undated = await x.post(
      x.admin,
      '/rapportini/rapportino/lavorazione',
      report(x, { richiesta_iniziale: 'Senza data' }),
    );
    const closed = await x.post(x.admin, '/rapportini/rapportino/lavorazione', report(x));
    await x.post(x.admin, '/rapportini/rapportino/chiusura', { id: closed.json.item.id });

    const dayOf = await x.get(x.tech, '/schedule/giornata');
    expect(dayOf.status, JSON.stringify(dayOf.json)).toBe(200);
    expect(dayOf.json).toMatchObject({ timezone: 'Europe/Rome', oggi: '2026-11-26', domani: '2026-11-27' });
    const items = dayOf.json.items as Record<string, any>[];
    expect(items.map((i) => [i.sezione, i.appuntamento_id, i.rapportino_id])).toEqual([
      ['oggi', morning.id, null],
      ['oggi', afternoon.json.item.appuntamento.id, afternoon.json.item.id],
      ['domani', tomorrow.id, null],
      ['senza_data', null, undated.json.item.id],
    ]);
    expect(items[0]).toMatchObject({
      cliente: 'Idraulica Verdi S.n.c.',
      luogo: { indirizzo: 'Via Emilia 10', citta: 'Forlì' },
      telefono: '0543 123456',
      richiesta: 'Chiamare',
      rapportino_creabile: true,
    });
    expect(items[1]).toMatchObject({ richiesta: report(x).richiesta_iniziale, rapportino_creabile: false });
    // The office sees a technician's day; a technician another's not.
    expect((await x.get(x.admin, `/schedule/giornata?tecnico_id=${x.techId}`)).json.items).toHaveLength(4);
    expect((await x.get(x.tech, `/schedule/giornata?tecnico_id=${x.adminId}`)).status).toBe(403);
  });
});
