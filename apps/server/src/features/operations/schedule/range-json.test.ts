import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentsResponse, compactRangeResponse, expandCompactRange, type Appointment } from '@fs/contract';
import type { Actor } from '../../../platform/auth/actor.js';
import { userContext } from '../../../platform/context.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { makeActivity, makeContract } from '../../../test/factories.js';
import { plannerCompany } from './test-helpers.js';
import { inRange } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/**
 * The calendar's range is made by PostgreSQL (range-repo.ts) for speed; the presenter makes the same
 * items from rows for the map. Both must answer the same, field for field and in the same order.
 */
describe("planner: the range's body made by PostgreSQL", () => {
  it('equals the presenter’s items for every kind of appointment, filter and view', async () => {
    const x = await plannerCompany(t);
    const aziendaId = x.c.company.id;
    await x.post(x.admin, '/clienti/cliente/geolocation', { id: x.clienteId, latitude: 44.2227, longitude: 12.0407 });
    const other = await x.post(x.admin, '/clienti/cliente', {
      ragione_sociale: 'Bar "Centrale" & C.',
      citta: 'Cesena',
    });
    const job = await x.post(x.admin, '/mansioni/mansione/create', { nome: 'Frigorista' });
    const tech2 = await x.post(x.admin, '/users/user', {
      username: 'tech2',
      name: 'Luca',
      surname: 'Bianchi',
      password: 'Tre-Caldaie-Rosse',
      email: `tech2.${Date.now()}@test.local`,
      scheduleenabled: 'Y',
    });
    expect(tech2.status, JSON.stringify(tech2.json)).toBe(200);
    const contract = await makeContract(t, aziendaId, { clienteId: x.clienteId });
    const act = await makeActivity(t, aziendaId, { contrattoId: contract.id });
    const occ = (
      await x.sql(
        `insert into attivita_date (azienda_id, attivita_id, contratto_id, data) values ($1, $2, $3, '2026-10-26') returning id`,
        [aziendaId, act.id, contract.id],
      )
    ).rows[0].id as string;

    await x.create({
      inizio: '2026-10-05T06:00:00Z',
      fine: '2026-10-05T08:00:00Z',
      impianto_id: x.impiantoId,
      macchinari_ids: [x.macchinaId],
      tecnici_ids: [x.techId, tech2.json.item.id],
      note: 'Portare "guarnizioni"\ne filtri',
      mansione_id: job.json.item.id,
      promemoria_minuti: 90,
    });
    // All day over the end of summer time (25 October 2026) and into the next day.
    await x.create({ tutto_il_giorno: true, data_inizio: '2026-10-24', data_fine: '2026-10-26', inizio: undefined });
    // Timed, ending at midnight in Rome; and one across midnight.
    await x.create({ inizio: '2026-10-26T21:00:00.000Z', fine: '2026-10-26T23:00:00.000Z', attivita_data_id: occ });
    await x.create({ inizio: '2026-10-27T20:30:00.000Z', fine: '2026-10-28T01:15:30.250Z', crea_rapportino: true });
    await x.create({
      cliente_id: other.json.item.id,
      tecnici_ids: [tech2.json.item.id],
      inizio: '2026-10-29T07:00:00Z',
      fine: '2026-10-29T09:00:00Z',
    });
    // Starts before the range and ends in it.
    await x.create({ inizio: '2026-09-30T06:00:00Z', fine: '2026-10-02T10:00:00Z' });
    // Eleven days, started well before the range (read along the long ones' index); and one over before it.
    await x.create({ titolo: 'Cantiere', inizio: '2026-09-22T06:00:00Z', fine: '2026-10-03T10:00:00Z' });
    await x.create({ titolo: 'Finito prima', inizio: '2026-09-10T06:00:00Z', fine: '2026-09-25T10:00:00Z' });
    await x.post(x.admin, '/schedule/appointment/todo', { titolo: 'Da fare', cliente_id: x.clienteId });
    await x.sql(`update appuntamenti set promemoria_inviato_at = '2026-10-20T10:11:12.345678Z' where azienda_id = $1`, [
      aziendaId,
    ]);

    /** The context a signed-in user's token stands for (the service called directly). */
    const actor = (s: unknown, role: 'admin' | 'user'): Actor => {
      const item = (s as { item: { id: string; permissions: { permissions: Actor['permissions'] } } }).item;
      return {
        userId: item.id,
        aziendaId,
        sessionId: '00000000-0000-0000-0000-000000000000',
        source: 'WEB',
        deviceId: 'x',
        role,
        superuser: false,
        lingua: 'IT',
        timezone: 'Europe/Rome',
        linguaAzienda: 'IT',
        permissions: item.permissions.permissions,
        permissionsUpdatedAt: new Date(),
      };
    };
    const views: [string, string][] = [
      ['', ''],
      ['?tecnico_id=' + tech2.json.item.id, ''],
      ['?mansione_id=' + job.json.item.id, ''],
      ['?cliente_id=' + other.json.item.id, ''],
      ['', '20261025'],
    ];
    for (const [query, start] of views) {
      const from = start || '20261001';
      const http = await x.range(x.admin, from, '20261031', query);
      expect(http.status).toBe(200);
      expect(http.headers['content-type']).toMatch(/^application\/json/);
      const body = appointmentsResponse.parse(http.json);
      const f = Object.fromEntries(new URLSearchParams(query));
      const objects = await inRange(userContext(t.deps, actor(x.admin, 'admin')), from, '20261031', f);
      expect(JSON.stringify(body.items)).toBe(JSON.stringify(objects.items));
      expect(Object.keys(http.json.items[0] ?? {})).toEqual(Object.keys(objects.items[0] ?? {}));
      expect(http.json.timezone).toBe('Europe/Rome');
    }
    // The lean shape (decision 0044): its items with their names and places looked up equal the full ones'.
    const summary = (a: Appointment) => {
      const { note, macchinari_ids, attivita_data_id, promemoria_minuti, promemoria_inviato_at, ...rest } = a;
      void [note, macchinari_ids, attivita_data_id, promemoria_minuti, promemoria_inviato_at];
      return rest;
    };
    for (const [query, start] of views) {
      const from = start || '20261001';
      const full = appointmentsResponse.parse((await x.range(x.admin, from, '20261031', query)).json).items;
      const http = await x.range(x.admin, from, '20261031', `${query || '?'}${query ? '&' : ''}forma=compatta`);
      expect(http.status).toBe(200);
      const lean = compactRangeResponse.strict().parse(http.json);
      expect(lean.items.map((a) => a[0])).toEqual(full.map((a) => a.id));
      expect(expandCompactRange(lean)).toEqual(full.map(summary));
      // Names once: each dictionary holds what the items reference, each once.
      const once = (ids: string[]) => [...new Set(ids)].sort();
      expect(lean.clienti.map((c) => c[0])).toEqual(once(full.map((a) => a.cliente_id)));
      expect(lean.tecnici.map((u) => u[0])).toEqual(once(full.flatMap((a) => a.tecnici.map((u) => u.id))));
      expect(lean.impianti.map((i) => i[0])).toEqual(once(full.flatMap((a) => a.impianto_id ?? [])));
      expect(lean.mansioni.map((m) => m[0])).toEqual(once(full.flatMap((a) => a.mansione_id ?? [])));
    }

    const all = appointmentsResponse.parse((await x.range(x.admin, '20261001', '20261031')).json).items;
    expect(all).toHaveLength(7);
    expect(all.filter((a) => a.titolo === 'Cantiere')).toHaveLength(1);
    const allDay = all.find((a) => a.tutto_il_giorno)!;
    expect([allDay.giorno_inizio, allDay.giorno_fine]).toEqual(['20261024', '20261026']);
    const midnight = all.find((a) => a.attivita_data_id === occ)!;
    expect([midnight.giorno_inizio, midnight.giorno_fine]).toEqual(['20261026', '20261026']);
    const across = all.find((a) => a.rapportino_id)!;
    expect([across.giorno_inizio, across.giorno_fine, across.fine]).toEqual([
      '20261027',
      '20261028',
      '2026-10-28T01:15:30.250Z',
    ]);
    expect(across.stato_rapportino).toBe('NUOVO');
    expect(all.find((a) => a.promemoria_minuti === 90)!.promemoria_inviato_at).toBe('2026-10-20T10:11:12.345Z');
    const shared = all.find((a) => a.tecnici.length === 2)!;
    expect(shared.tecnici.map((u) => u.nome).sort()).toEqual(['Luca Bianchi', 'tech']);
    expect(shared).toMatchObject({ mansione: 'Frigorista', luogo: { latitude: 44.2227, longitude: 12.0407 } });

    // The map's: only those placed (the customer's coordinates), the same either way.
    const geo = await x.get(x.admin, '/v2/schedule/appointments/admin/geolocation?start=20261001&end=20261031');
    const placed = await inRange(userContext(t.deps, actor(x.admin, 'admin')), '20261001', '20261031', {}, true);
    expect(placed.items.length).toBeGreaterThan(0);
    expect(placed.items.length).toBeLessThan(all.length);
    expect(JSON.stringify(geo.json.items)).toBe(JSON.stringify(placed.items));
    const map = await x.post(x.admin, '/tracking/geolocation/mapRequest', { range: 'mese' });
    expect(map.status).toBe(200);
    expect(map.json).toMatchObject({ success: true, timezone: 'Europe/Rome', posizioni: { items: [] } });

    // A technician's own view: only theirs, the same either way.
    const mine = await x.range(x.tech, '20261001', '20261031');
    const own = await inRange(userContext(t.deps, actor(x.tech, 'user')), '20261001', '20261031', {});
    expect(mine.json.items.length).toBeGreaterThan(0);
    expect(mine.json.items.every((a: { tecnici: { id: string }[] }) => a.tecnici.some((u) => u.id === x.techId))).toBe(
      true,
    );
    expect(JSON.stringify(mine.json.items)).toBe(JSON.stringify(own.items));
    const mineLean = compactRangeResponse.parse(
      (await x.range(x.tech, '20261001', '20261031', '?forma=compatta')).json,
    );
    expect(mineLean.items.map((a) => a[0])).toEqual(own.items.map((a) => a.id));
    // The map's call keeps the full shape.
    const geoLean = await x.get(x.admin, '/v2/schedule/appointments/admin/geolocation?start=20261001&end=20261031');
    expect(geoLean.json.forma).toBeUndefined();
  });
});
