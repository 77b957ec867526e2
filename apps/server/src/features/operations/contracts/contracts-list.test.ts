import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { day } from '../reports/test-helpers.js';
import { addDays, contractCompany, today } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('GET /contratti/contratti-filtered', () => {
  it('pages, searches and filters by customer, type, state and ending within N days', async () => {
    const x = await contractCompany(t);
    const d = today();
    const mk = async (identificativo: string, over: Record<string, unknown> = {}) => {
      const r = await x.save({ identificativo, ...over });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      return r.json.item.id as string;
    };
    const running = await mk('RUN-1', { descrizione: 'Caldaie a condensazione', data_fine: addDays(d, 200) });
    const ending = await mk('END-1', { data_fine: addDays(d, 20) });
    const expiring = await mk('EXP-1', { data_fine: addDays(d, 40) });
    await x.sql('update contratti set mail_avviso_scadenza_sent = true where id = $1', [expiring]);
    const pastNoRenewal = await mk('PAST-1', { data_inizio: addDays(d, -400), data_fine: addDays(d, -1) });
    const pastRenewing = await mk('PAST-2', {
      data_inizio: addDays(d, -400),
      data_fine: addDays(d, -1),
      rinnovo_automatico: true,
    });
    const ceased = await mk('CEASED-1', { tipo: 'chiamata', ore_contratto: '20' });
    expect(
      (await x.post(x.admin, `/contratti/contratto/${ceased}/cessa`, { data: d, motivo: 'Chiusura attività' })).status,
    ).toBe(200);

    const ids = async (query: string) => {
      const r = await x.get(x.admin, `/contratti/contratti-filtered?size=50&sort=identificativo${query}`);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      return r.json.items.map((i: any) => i.identificativo);
    };
    const all = await x.get(x.admin, '/contratti/contratti-filtered?tableInfos=true');
    expect(all.json.totaleElementi).toBe(6);
    expect(all.json.tableInfos.table).toBe('contratti');
    expect(all.json.columns).toEqual(['identificativo', 'cliente', 'tipo', 'stato', 'data_fine', 'ore_residue']);
    // Default sort: by end date ascending.
    expect(
      all.json.items
        .map((i: any) => i.identificativo)
        .slice(0, 2)
        .sort(),
    ).toEqual(['PAST-1', 'PAST-2']);
    expect(all.json.items.find((i: any) => i.id === running)).toMatchObject({
      cliente_id: x.clienteId,
      cliente: 'Idraulica Verdi S.n.c.',
      stato: 'attivo',
      ore_contratto: null,
      ore_residue: null,
    });

    expect(await ids('&stato=cessato')).toEqual(['CEASED-1', 'PAST-1']);
    expect(await ids('&stato=in_scadenza')).toEqual(['EXP-1']);
    expect(await ids('&stato=attivo')).toEqual(['END-1', 'PAST-2', 'RUN-1']);
    expect(await ids('&scadenza_giorni=30')).toEqual(['END-1']);
    expect(await ids('&scadenza_giorni=60')).toEqual(['END-1', 'EXP-1']);
    expect(await ids('&tipo=chiamata')).toEqual(['CEASED-1']);
    expect(await ids('&q=condensazione')).toEqual(['RUN-1']);
    expect(await ids('&q=past')).toEqual(['PAST-1', 'PAST-2']);
    expect((await ids('&q=idraulica')).length).toBe(6);
    expect(await ids(`&cliente_id=${x.clienteId}&stato=cessato&dir=desc`)).toEqual(['PAST-1', 'CEASED-1']);
    void ending;
    void pastNoRenewal;
    void pastRenewing;

    // Paging: two per page, the total on each.
    const p2 = await x.get(x.admin, '/contratti/contratti-filtered?size=2&page=2&sort=identificativo');
    expect(p2.json.items.map((i: any) => i.identificativo)).toEqual(['EXP-1', 'PAST-1']);
    expect(p2.json.totaleElementi).toBe(6);
    expect((await x.get(x.admin, '/contratti/contratti-filtered?sort=tipo')).status).toBe(400);
    expect((await x.get(x.admin, '/contratti/contratti-filtered?stato=scaduto')).status).toBe(400);
  });

  it('counts on-call hours down by the closed reports on the contract, the same in list, detail and per customer', async () => {
    const x = await contractCompany(t);
    const c = await x.save({ identificativo: 'CALL-1', tipo: 'chiamata', ore_contratto: '12.5' });
    expect(c.status).toBe(200);
    const id = c.json.item.id;
    expect(c.json.item).toMatchObject({ ore_contratto: '12.50', ore_usate: '0.00', ore_residue: '12.50' });
    const report = async (ore: string, close: boolean) => {
      const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
        cliente_id: x.clienteId,
        contratto_id: id,
        giornate: [day(x.techId, addDays(today(), -1), { totale_ore: ore })],
      });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      if (close) {
        const closed = await x.post(x.admin, '/rapportini/rapportino/chiusura', { id: r.json.item.id });
        expect(closed.status, JSON.stringify(closed.json)).toBe(200);
      }
    };
    await report('4', true);
    await report('3', false); // open: not counted
    const hours = async () => {
      const detail = (await x.get(x.admin, `/contratti/contratto/${id}`)).json.item;
      const row = (await x.get(x.admin, '/contratti/contratti-filtered?q=CALL-1')).json.items[0];
      const mine = (await x.get(x.admin, `/contratti/cliente/${x.clienteId}`)).json.items.find((i: any) => i.id === id);
      expect(row.ore_residue).toBe(detail.ore_residue);
      expect(mine.ore_residue).toBe(detail.ore_residue);
      return [detail.ore_usate, detail.ore_residue];
    };
    expect(await hours()).toEqual(['4.00', '8.50']);
    await report('10', true);
    // Never below zero.
    expect(await hours()).toEqual(['14.00', '0.00']);
  });
});
