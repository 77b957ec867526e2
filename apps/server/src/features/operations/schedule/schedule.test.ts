import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany, makeActivity, makeContract } from '../../../test/factories.js';
import { plannerCompany } from './test-helpers.js';
import { zonedToUtc } from './time.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('planner: appointments', () => {
  it('creates, reads, lists by range, updates and deletes', async () => {
    const x = await plannerCompany(t);
    await x.post(x.admin, '/clienti/cliente/geolocation', { id: x.clienteId, latitude: 44.22, longitude: 12.04 });
    const item = await x.create({
      impianto_id: x.impiantoId,
      macchinari_ids: [x.macchinaId],
      note: 'Portare guarnizioni',
    });
    expect(item).toMatchObject({
      titolo: 'Manutenzione caldaia',
      cliente: 'Idraulica Verdi S.n.c.',
      impianto_id: x.impiantoId,
      macchinari_ids: [x.macchinaId],
      tecnici: [{ id: x.techId, nome: 'tech', colore: expect.any(Number) }],
      inizio: '2026-11-20T08:00:00.000Z',
      giorno_inizio: '20261120',
      giorno_fine: '20261120',
      da_fare: false,
      luogo: { citta: 'Forlì', latitude: 44.22, longitude: 12.04 },
      rapportino_id: null,
    });
    const one = await x.get(x.admin, `/schedule/appointment/${item.id}`);
    expect(one.json.item.id).toBe(item.id);
    const list = await x.range(x.admin, '20261101', '20261130');
    expect(list.json).toMatchObject({ success: true, timezone: 'Europe/Rome' });
    expect(list.json.items.map((i: { id: string }) => i.id)).toEqual([item.id]);
    expect((await x.range(x.admin, '20261121', '20261130')).json.items).toEqual([]);
    expect((await x.range(x.admin, '20261101', '20261130', `?tecnico_id=${x.adminId}`)).json.items).toEqual([]);
    expect((await x.range(x.admin, '20261101', '20261130', `?cliente_id=${x.clienteId}`)).json.items).toHaveLength(1);
    const geo = await x.get(x.admin, '/v2/schedule/appointments/admin/geolocation?start=20261101&end=20261130');
    expect(geo.json.items).toHaveLength(1);
    const moved = await x.save(x.admin, {
      ...x.base({ inizio: '2026-11-21T08:00:00Z', fine: '2026-11-21T09:00:00Z' }),
      id: item.id,
    });
    expect(moved.json.item.giorno_inizio).toBe('20261121');
    expect((await call(t.app, 'DELETE', `/api/schedule/appointment/remove/${item.id}`, x.admin)).status).toBe(200);
    expect((await x.get(x.admin, `/schedule/appointment/${item.id}`)).status).toBe(404);
  });

  it('stores 09:00 Europe/Rome across daylight-saving changes as the right instant and day', async () => {
    const x = await plannerCompany(t);
    const cases = [
      ['2026-03-28', '2026-03-28T08:00:00.000Z'],
      ['2026-03-30', '2026-03-30T07:00:00.000Z'],
      ['2026-10-24', '2026-10-24T07:00:00.000Z'],
      ['2026-10-26', '2026-10-26T08:00:00.000Z'],
    ] as const;
    for (const [day, utc] of cases) {
      expect(zonedToUtc(day, 'Europe/Rome', 9).toISOString()).toBe(utc);
      const item = await x.create({
        inizio: `${day}T09:00:00${utc.startsWith(`${day}T08`) ? '+01:00' : '+02:00'}`,
        fine: new Date(Date.parse(utc) + 3_600_000).toISOString(),
      });
      expect(item.inizio).toBe(utc);
      const d = day.replaceAll('-', '');
      expect((await x.range(x.admin, d, d)).json.items.map((i: { id: string }) => i.id)).toEqual([item.id]);
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
      expect((await x.range(x.admin, next, next)).json.items).toEqual([]);
    }
    // 00:30 in Rome on the 29th (the change's night) is the 29th, not the 28th of UTC.
    const late = await x.create({ inizio: '2026-03-28T23:30:00Z', fine: '2026-03-29T00:30:00Z' });
    expect(late.giorno_inizio).toBe('20260329');
    // All day on the 23-hour day: midnight to midnight in Rome.
    const allDay = await x.create({
      inizio: undefined,
      fine: undefined,
      tutto_il_giorno: true,
      data_inizio: '2026-03-29',
      data_fine: '2026-03-29',
    });
    expect([allDay.inizio, allDay.fine, allDay.giorno_fine]).toEqual([
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
      '20260329',
    ]);
    const on29 = (await x.range(x.admin, '20260329', '20260329')).json.items.map((i: { id: string }) => i.id);
    expect(on29.sort()).toEqual([late.id, allDay.id].sort());
  });

  it('validates times, technicians, plant, machines and ranges', async () => {
    const x = await plannerCompany(t);
    const other = await createCompany(t);
    const bad = async (over: Record<string, unknown>, path: string) => {
      const r = await x.save(x.admin, x.base(over));
      expect([r.status, r.json.fields?.[0]?.path], JSON.stringify(r.json)).toEqual([400, path]);
    };
    await bad({ fine: '2026-11-20T07:00:00Z' }, 'fine');
    await bad({ fine: '2026-12-25T07:00:00Z' }, 'fine');
    await bad({ inizio: undefined }, 'inizio');
    await bad({ tecnici_ids: [other.user('tech').id] }, 'tecnici_ids.0');
    await bad({ tecnici_ids: [x.adminId] }, 'tecnici_ids.0'); // not schedulable
    const elsewhere = await x.post(x.admin, '/clienti/cliente', { ragione_sociale: 'Altro cliente' });
    await bad({ cliente_id: elsewhere.json.item.id, impianto_id: x.impiantoId }, 'impianto_id');
    await bad({ cliente_id: elsewhere.json.item.id, macchinari_ids: [x.macchinaId] }, 'macchinari_ids.0');
    const missing = await x.save(x.admin, x.base({ cliente_id: other.company.id }));
    expect(missing.status).toBe(404);
    expect((await x.save(x.admin, x.base({ tecnici_ids: [] }))).status).toBe(400);
    for (const [s, e] of [
      ['2026111', '20261130'],
      ['20261131', '20261201'],
      ['20261130', '20261101'],
      ['20260101', '20270102'],
    ]) {
      expect((await x.range(x.admin, s!, e!)).status, `${s}-${e}`).toBe(400);
    }
    expect((await x.range(x.admin, '20260101', '20270101')).status).toBe(200);
  });
});

describe('planner: warnings', () => {
  it('warns of overlaps and saves only when confirmed', async () => {
    const x = await plannerCompany(t);
    await x.create();
    const body = x.base({ inizio: '2026-11-20T09:00:00Z', fine: '2026-11-20T11:00:00Z' });
    const warned = await x.save(x.admin, body);
    expect(warned.status).toBe(200);
    expect(warned.json).toMatchObject({
      success: false,
      avvisi: [{ codice: 'sovrapposizione', tecnico_id: x.techId }],
    });
    expect((await x.range(x.admin, '20261120', '20261120')).json.items).toHaveLength(1);
    const confirmed = await x.save(x.admin, { ...body, conferma: true });
    expect(confirmed.json.success).toBe(true);
    expect((await x.range(x.admin, '20261120', '20261120')).json.items).toHaveLength(2);
    // Back to back is no overlap.
    const after = await x.save(x.admin, x.base({ inizio: '2026-11-20T11:00:00Z', fine: '2026-11-20T12:00:00Z' }));
    expect(after.json.success).toBe(true);
  });

  it('warns of a job role the technician does not hold', async () => {
    const x = await plannerCompany(t);
    const job = await x.post(x.admin, '/mansioni/mansione/create', { nome: 'Frigorista' });
    const body = x.base({ mansione_id: job.json.item.id });
    const warned = await x.save(x.admin, body);
    expect(warned.json).toMatchObject({
      success: false,
      avvisi: [{ codice: 'mansione_tecnico', tecnico_id: x.techId }],
    });
    const held = await x.post(x.admin, '/users/user', {
      id: x.techId,
      username: 'tech',
      scheduleenabled: 'Y',
      mansioni: [job.json.item.id],
    });
    expect(held.status, JSON.stringify(held.json)).toBe(200);
    const ok = await x.save(x.admin, body);
    expect(ok.json).toMatchObject({ success: true, item: { mansione: 'Frigorista' } });
  });

  it('warns when an activity occurrence goes beyond its maximum delay, and plans it', async () => {
    const x = await plannerCompany(t);
    const aziendaId = x.c.company.id;
    const contract = await makeContract(t, aziendaId, { clienteId: x.clienteId });
    const act = await makeActivity(t, aziendaId, { contrattoId: contract.id });
    await x.sql(`update contratti set regole = '{"ritardo_massimo_giorni": 3}' where id = $1`, [contract.id]);
    const occ = async () =>
      (
        await x.sql(
          `insert into attivita_date (azienda_id, attivita_id, contratto_id, data) values ($1, $2, $3, '2026-05-01') returning id`,
          [aziendaId, act.id, contract.id],
        )
      ).rows[0].id as string;
    const o1 = await occ();
    const late = x.base({ attivita_data_id: o1, inizio: '2026-05-05T07:00:00Z', fine: '2026-05-05T08:00:00Z' });
    const w = await x.save(x.admin, late);
    expect(w.json).toMatchObject({
      success: false,
      avvisi: [{ codice: 'ritardo_attivita', ritardo_giorni: 4, ritardo_massimo_giorni: 3, data: '2026-05-01' }],
    });
    // The activity's own rule wins over the contract's.
    await x.sql(`update contratti_attivita set regole = '{"ritardo_massimo_giorni": 10}' where id = $1`, [act.id]);
    const ok = await x.save(x.admin, { ...late, crea_rapportino: true });
    expect(ok.json.success, JSON.stringify(ok.json)).toBe(true);
    const row = (await x.sql('select data_pianificata::text d, rapportino_id from attivita_date where id = $1', [o1]))
      .rows[0];
    expect(row).toEqual({ d: '2026-05-05', rapportino_id: ok.json.item.rapportino_id });
    expect(ok.json.item.stato_rapportino).toBe('NUOVO');
    const report = await x.get(x.admin, `/rapportini/rapportini/admin/${ok.json.item.rapportino_id}`);
    expect(report.json.item.data_appuntamento).toMatch(/^2026-05-05T07:00:00/);
    // Deleting the appointment leaves the occurrence unplanned (the report stays).
    await call(t.app, 'DELETE', `/api/schedule/appointment/remove/${ok.json.item.id}`, x.admin);
    expect(
      (await x.sql('select data_pianificata from attivita_date where id = $1', [o1])).rows[0].data_pianificata,
    ).toBeNull();
  });
});

describe('planner: to-dos, own view, version', () => {
  it('keeps to-dos without dates and moves them onto the calendar', async () => {
    const x = await plannerCompany(t);
    const todo = await x.post(x.admin, '/schedule/appointment/todo', {
      titolo: 'Richiamare il cliente',
      cliente_id: x.clienteId,
    });
    expect(todo.json.item).toMatchObject({ da_fare: true, inizio: null, tecnici: [] });
    const page = await x.get(x.admin, '/schedule/appointments/admin?todo=true&page=1&size=10');
    expect(page.json).toMatchObject({ totaleElementi: 1, items: [{ id: todo.json.item.id }] });
    const moved = await x.save(x.admin, { ...x.base(), id: todo.json.item.id, titolo: 'Richiamare il cliente' });
    expect(moved.json.item).toMatchObject({ da_fare: false, giorno_inizio: '20261120' });
    expect((await x.get(x.admin, '/schedule/appointments/admin?todo=true')).json.totaleElementi).toBe(0);
    const all = await x.get(x.admin, '/schedule/appointments/admin?q=richiam&dal=20261101&al=20261130');
    expect(all.json.totaleElementi).toBe(1);
  });

  it('shows a technician only their own appointments and refuses their writes', async () => {
    const x = await plannerCompany(t);
    const mine = await x.create();
    const c2 = await x.post(x.admin, '/users/user', {
      username: 'tech2',
      password: 'Tre-Caldaie-Rosse',
      email: `tech2.${Date.now()}@test.local`,
      scheduleenabled: 'Y',
    });
    expect(c2.status, JSON.stringify(c2.json)).toBe(200);
    const theirs = await x.create({ tecnici_ids: [c2.json.item.id] });
    const seen = await x.range(x.tech, '20261101', '20261130');
    expect(seen.json.items.map((i: { id: string }) => i.id)).toEqual([mine.id]);
    const asked = await x.range(x.tech, '20261101', '20261130', `?tecnico_id=${c2.json.item.id}`);
    expect(asked.json.items).toEqual([]);
    expect((await x.get(x.tech, `/schedule/appointment/${theirs.id}`)).status).toBe(404);
    expect((await x.get(x.tech, `/schedule/appointment/${mine.id}`)).status).toBe(200);
    expect((await x.get(x.tech, '/schedule/appointments/admin')).json.totaleElementi).toBe(1);
    expect((await x.save(x.tech, x.base())).status).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/schedule/appointment/remove/${mine.id}`, x.tech)).status).toBe(403);
    const map = await x.post(x.tech, '/tracking/geolocation/mapRequest', { range: 'mese' });
    expect(map.json).toMatchObject({ success: true, posizioni: { enabled: false, items: [] } });
  });

  it("stores the planner version for the caller's company only", async () => {
    const x = await plannerCompany(t);
    const ok = await x.get(x.admin, `/imposta-versione-schedule-vecchia/1/${x.c.company.id}`);
    expect(ok.json).toEqual({ success: true, versione: 1 });
    const other = await createCompany(t);
    expect((await x.get(x.admin, `/imposta-versione-schedule-vecchia/2/${other.company.id}`)).status).toBe(403);
    expect((await x.get(x.admin, `/imposta-versione-schedule-vecchia/3/${x.c.company.id}`)).status).toBe(400);
    const stored = await x.sql('select versione_schedule from aziende where id = $1', [x.c.company.id]);
    expect(stored.rows[0].versione_schedule).toBe(1);
  });

  it('gives the web the planner version on the session user (aziendamap), documented in OpenAPI', async () => {
    const x = await plannerCompany(t);
    const version = async (s: typeof x.tech) =>
      (await x.get(s, '/session/session')).json.item.aziendamap.versione_schedule;
    expect(await version(x.tech)).toBe(2);
    await x.get(x.admin, `/imposta-versione-schedule-vecchia/1/${x.c.company.id}`);
    expect(await version(x.tech)).toBe(1);
    expect(await version(x.admin)).toBe(1);
    // Another company keeps its own.
    const other = await createCompany(t);
    expect(
      (await call(t.app, 'GET', '/api/session/session', await other.login('admin'))).json.item.aziendamap,
    ).toMatchObject({ versione_schedule: 2 });
    const doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body);
    expect(JSON.stringify(doc.paths['/api/session/session'].get.responses['200'])).toContain('versione_schedule');
  });

  it('answers the map ranges', async () => {
    const x = await plannerCompany(t);
    for (const range of ['settimana', 'prossimi_30', 'mese', 'mese_prossimo']) {
      const r = await x.post(x.admin, '/tracking/geolocation/mapRequest', { range });
      expect(r.status).toBe(200);
      expect(r.json.start <= r.json.end).toBe(true);
    }
    expect((await x.post(x.admin, '/tracking/geolocation/mapRequest', { range: 'anno' })).status).toBe(400);
  });

  it('filters the map by technician, job role and customer, as the calendar', async () => {
    const x = await plannerCompany(t);
    await x.post(x.admin, '/clienti/cliente/geolocation', { id: x.clienteId, latitude: 44.2227, longitude: 12.0407 });
    const other = await x.post(x.admin, '/clienti/cliente', { ragione_sociale: 'Bar Centrale', citta: 'Cesena' });
    await x.post(x.admin, '/clienti/cliente/geolocation', {
      id: other.json.item.id,
      latitude: 44.1391,
      longitude: 12.2431,
    });
    const job = await x.post(x.admin, '/mansioni/mansione/create', { nome: 'Frigorista' });
    const tech2 = await x.post(x.admin, '/users/user', {
      username: 'tech2',
      password: 'Tre-Caldaie-Rosse',
      email: `tech2.${Date.now()}@test.local`,
      scheduleenabled: 'Y',
    });
    // Tomorrow, inside the next 30 days whatever the hour.
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const hh = (h: number) => String(h).padStart(2, '0');
    const at = (h: number) => ({ inizio: `${day}T${hh(h)}:00:00.000Z`, fine: `${day}T${hh(h + 1)}:00:00.000Z` });
    const a = await x.create({ ...at(8), titolo: 'A', mansione_id: job.json.item.id });
    const b = await x.create({ ...at(10), titolo: 'B', cliente_id: other.json.item.id, impianto_id: undefined });
    const c = await x.create({ ...at(12), titolo: 'C', tecnici_ids: [tech2.json.item.id] });
    const titles = async (filters: Record<string, string | null>) => {
      const r = await x.post(x.admin, '/tracking/geolocation/mapRequest', { range: 'prossimi_30', ...filters });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      return (r.json.items as { titolo: string }[]).map((i) => i.titolo).sort();
    };
    expect(await titles({})).toEqual(['A', 'B', 'C']);
    expect(await titles({ tecnico_id: x.techId })).toEqual(['A', 'B']);
    expect(await titles({ tecnico_id: tech2.json.item.id })).toEqual(['C']);
    expect(await titles({ mansione_id: job.json.item.id })).toEqual(['A']);
    expect(await titles({ cliente_id: other.json.item.id })).toEqual(['B']);
    expect(await titles({ tecnico_id: null, mansione_id: null, cliente_id: null })).toEqual(['A', 'B', 'C']);
    expect([a.id, b.id, c.id]).toHaveLength(3);
    const bad = await x.post(x.admin, '/tracking/geolocation/mapRequest', { range: 'mese', tecnico_id: 'x' });
    expect([bad.status, bad.json.code]).toEqual([400, 'VALIDATION']);
    // A technician on own data sees only theirs: another technician's filter finds nothing (as the calendar).
    const map = (s: typeof x.tech, filters: Record<string, string>) =>
      x.post(s, '/tracking/geolocation/mapRequest', { range: 'prossimi_30', ...filters });
    const mine = (await map(x.tech, {})).json.items as { titolo: string }[];
    expect(mine.map((i) => i.titolo).sort()).toEqual(['A', 'B']);
    expect((await map(x.tech, { tecnico_id: tech2.json.item.id })).json.items).toEqual([]);
  });
});
