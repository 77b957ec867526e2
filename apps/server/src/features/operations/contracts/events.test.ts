import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { eventsOf } from '../../../test/outbox.js';
import { runRenewal } from '../activities/index.js';
import { addDays, contractCompany, today } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('contract events in the outbox', () => {
  it('contract.created at creation (not at an update); contract.ended when ceased early, with the reason', async () => {
    const x = await contractCompany(t);
    const az = x.c.company.id;
    const start = addDays(today(), -30);
    const end = addDays(today(), 335);
    const c = await x.save({ identificativo: 'MAN-EV-1', data_inizio: start, data_fine: end });
    expect(c.status, JSON.stringify(c.json)).toBe(200);
    const id = c.json.item.id as string;
    const upd = await x.save({ id, identificativo: 'MAN-EV-1', data_inizio: start, data_fine: end, descrizione: 'x' });
    expect(upd.status, JSON.stringify(upd.json)).toBe(200);
    const cease = await x.post(x.admin, `/contratti/contratto/${id}/cessa`, {
      data: today(),
      motivo: 'Impianto dismesso',
    });
    expect(cease.status, JSON.stringify(cease.json)).toBe(200);
    expect((await eventsOf(t, az, 'contract.*')).map((e) => [e.tipo, e.aggregate_id, e.payload])).toEqual([
      [
        'contract.created',
        id,
        {
          id,
          identificativo: 'MAN-EV-1',
          cliente_id: x.clienteId,
          tipo: 'manutenzione',
          data_inizio: start,
          data_fine: end,
        },
      ],
      [
        'contract.ended',
        id,
        {
          id,
          identificativo: 'MAN-EV-1',
          cliente_id: x.clienteId,
          data_fine: today(),
          anticipata: true,
          motivo: 'Impianto dismesso',
        },
      ],
    ]);
  });

  it('the daily job: contract.renewed, contract.expiring with the notice and contract.ended past the end, each once', async () => {
    const x = await contractCompany(t);
    const az = x.c.company.id;
    const day = today();
    const past = addDays(day, -1);
    const save = async (identificativo: string, over: Record<string, unknown>) => {
      const r = await x.save({ identificativo, data_inizio: addDays(day, -400), ...over });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      return r.json.item.id as string;
    };
    const renewing = await save('REN-1', { data_fine: past, rinnovo_automatico: true, mesi_rinnovo: 12 });
    const expiring = await save('EXP-1', { data_fine: addDays(day, 10), giorni_preavviso_rinnovo: 30 });
    const ended = await save('END-1', { data_fine: past, giorni_preavviso_rinnovo: 0 });
    await runRenewal(t.deps, { today: day });
    await runRenewal(t.deps, { today: day });
    const events = (await eventsOf(t, az, 'contract.*')).filter((e) => e.tipo !== 'contract.created');
    const renewedTo = (await x.sql(`select data_fine::text as d from contratti where id = $1`, [renewing])).rows[0]
      .d as string;
    expect(renewedTo > day).toBe(true);
    expect(events.map((e) => [e.tipo, e.aggregate_id, e.payload])).toEqual([
      [
        'contract.renewed',
        renewing,
        {
          id: renewing,
          identificativo: 'REN-1',
          cliente_id: x.clienteId,
          data_fine_precedente: past,
          data_fine: renewedTo,
        },
      ],
      [
        'contract.expiring',
        expiring,
        {
          id: expiring,
          identificativo: 'EXP-1',
          cliente_id: x.clienteId,
          data_fine: addDays(day, 10),
          giorni_preavviso: 30,
        },
      ],
      [
        'contract.ended',
        ended,
        {
          id: ended,
          identificativo: 'END-1',
          cliente_id: x.clienteId,
          data_fine: past,
          anticipata: false,
          motivo: null,
        },
      ],
    ]);
    // A new end (extended by hand, then passed again) is a new ending.
    const later = addDays(day, 5);
    await x.sql(`update contratti set data_fine = $2 where id = $1`, [ended, later]);
    await runRenewal(t.deps, { today: addDays(day, 6) });
    const endings = await eventsOf(t, az, 'contract.ended');
    expect(endings.map((e) => e.payload.data_fine)).toEqual([past, later]);
  });
});
