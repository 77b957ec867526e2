import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { eventsOf } from '../../../test/outbox.js';
import { plannerCompany } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('appointment events in the outbox', () => {
  it('created, moved (with the previous slot) only when time, days or technicians change, deleted', async () => {
    const x = await plannerCompany(t);
    const az = x.c.company.id;
    await x.sql("update utenti set scheduleenabled = 'Y' where id = $1", [x.adminId]);
    const a = await x.create();
    const slot = {
      tecnici_ids: [x.techId],
      inizio: '2026-11-20T08:00:00.000Z',
      fine: '2026-11-20T10:00:00.000Z',
      giorno_inizio: null,
      giorno_fine: null,
    };
    expect(await eventsOf(t, az, 'appointment.*')).toEqual([
      {
        tipo: 'appointment.created',
        aggregate_id: a.id,
        azienda_id: az,
        payload: { id: a.id, cliente_id: x.clienteId, ...slot },
      },
    ]);
    // A new title moves nothing: no event.
    await x.create({ id: a.id, titolo: 'Altro titolo' });
    expect(await eventsOf(t, az, 'appointment.moved')).toEqual([]);
    // Dragged on the planner to another time (the same save).
    await x.create({ id: a.id, inizio: '2026-11-21T09:00:00.000Z', fine: '2026-11-21T11:00:00.000Z' });
    // Made all day on two days, with the admin as well.
    await x.create({
      id: a.id,
      tutto_il_giorno: true,
      data_inizio: '2026-11-23',
      data_fine: '2026-11-24',
      tecnici_ids: [x.techId, x.adminId],
    });
    const moved = await eventsOf(t, az, 'appointment.moved');
    expect(moved.map((e) => e.payload)).toEqual([
      {
        id: a.id,
        cliente_id: x.clienteId,
        ...slot,
        inizio: '2026-11-21T09:00:00.000Z',
        fine: '2026-11-21T11:00:00.000Z',
        precedente: slot,
      },
      {
        id: a.id,
        cliente_id: x.clienteId,
        tecnici_ids: [x.techId, x.adminId].sort(),
        inizio: null,
        fine: null,
        giorno_inizio: '2026-11-23',
        giorno_fine: '2026-11-24',
        precedente: { ...slot, inizio: '2026-11-21T09:00:00.000Z', fine: '2026-11-21T11:00:00.000Z' },
      },
    ]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/schedule/appointment/remove/${a.id}`,
      headers: { authorization: `Bearer ${x.admin.token}`, 'device-id': x.admin.deviceId },
    });
    expect(del.statusCode, del.body).toBe(200);
    const [deleted] = await eventsOf(t, az, 'appointment.deleted');
    expect(deleted).toMatchObject({
      aggregate_id: a.id,
      payload: { id: a.id, giorno_inizio: '2026-11-23', giorno_fine: '2026-11-24', inizio: null },
    });
  });

  it("the report's appointment: created with the report's date, moved with it, deleted when the date is cleared", async () => {
    const x = await plannerCompany(t);
    const az = x.c.company.id;
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      tecnici_ids: [x.techId],
      data_appuntamento: '2026-11-26T08:00:00.000Z',
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const body = { id: r.json.item.id, cliente_id: x.clienteId, tecnici_ids: [x.techId] };
    await x.post(x.admin, '/rapportini/rapportino/admin/update', body);
    await x.post(x.admin, '/rapportini/rapportino/admin/update', {
      ...body,
      data_appuntamento: '2026-11-27T08:00:00.000Z',
    });
    await x.post(x.admin, '/rapportini/rapportino/admin/update', { ...body, data_appuntamento: null });
    const events = (await eventsOf(t, az)).filter((e) => e.tipo.startsWith('appointment.'));
    expect(events.map((e) => [e.tipo, e.payload.inizio])).toEqual([
      ['appointment.created', '2026-11-26T08:00:00.000Z'],
      ['appointment.moved', '2026-11-27T08:00:00.000Z'],
      ['appointment.deleted', '2026-11-27T08:00:00.000Z'],
    ]);
    expect((events[1]!.payload.precedente as { inizio: string }).inizio).toBe('2026-11-26T08:00:00.000Z');
  });
});
