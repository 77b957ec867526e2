import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany, makeContract } from '../../../test/factories.js';
import { day, reportCompany } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const none = {
  userRead: false,
  userWrite: false,
  userDelete: false,
  companyRead: false,
  companyWrite: false,
  companyDelete: false,
};

describe('a report’s header and its contract', () => {
  it('keeps the appointment, billing customer, contract, flags and set prices when a save leaves them out', async () => {
    const x = await reportCompany(t);
    const other = await x.post(x.admin, '/clienti/cliente', { ragione_sociale: 'Condominio Aurora', citta: 'Cesena' });
    const contract = await makeContract(t, x.c.company.id, { clienteId: x.clienteId });
    const created = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      cliente_fatturazione_id: other.json.item.id,
      contratto_id: contract.id,
      data_appuntamento: '2026-11-30T08:30:00.000Z',
      contrassegnato: true,
      in_remoto: true,
      pianificato_remoto: true,
      gestionePrezziIntervento: { prezzo_ora: '50,00' },
      giornate: [day(x.techId, '2026-11-02')],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id = created.json.item.id;
    const held = {
      cliente_fatturazione_id: other.json.item.id,
      cliente_fatturazione: 'Condominio Aurora',
      contratto_id: contract.id,
      su_contratto: true,
      data_appuntamento: '2026-11-30T08:30:00.000Z',
      contrassegnato: true,
      in_remoto: true,
      pianificato_remoto: true,
      gestionePrezziIntervento: expect.objectContaining({ prezzo_ora: '50.00' }),
    };
    expect(created.json.item).toMatchObject(held);
    // The technician's entry and the office's edit send only what they change.
    const entry = await x.post(x.tech, '/rapportini/rapportino/lavorazione', {
      id,
      cliente_id: x.clienteId,
      giornate: [day(x.techId, '2026-11-02', { totale_ore: '6' })],
    });
    expect(entry.status, JSON.stringify(entry.json)).toBe(200);
    // (without the prices permission the technician is not shown the set prices)
    const { gestionePrezziIntervento: _, ...seen } = held;
    expect(entry.json.item).toMatchObject({ ...seen, totale_ore: '6.00', gestionePrezziIntervento: null });
    const edit = await x.post(x.admin, '/rapportini/rapportino/admin/update', {
      id,
      cliente_id: x.clienteId,
      giornate: [day(x.techId, '2026-11-02', { totale_ore: '6' })],
    });
    expect(edit.json.item).toMatchObject(held);
    expect(edit.json.item.prezzi.righe.find((r: { voce: string }) => r.voce === 'ore')).toMatchObject({
      prezzo_unitario: '50.00',
      origine: 'rapportino',
    });
    // null clears.
    const cleared = await x.post(x.admin, '/rapportini/rapportino/admin/update', {
      id,
      cliente_id: x.clienteId,
      cliente_fatturazione_id: null,
      contratto_id: null,
      data_appuntamento: null,
      contrassegnato: false,
      gestionePrezziIntervento: null,
      giornate: [day(x.techId, '2026-11-02', { totale_ore: '6' })],
    });
    expect(cleared.json.item).toMatchObject({
      cliente_fatturazione_id: null,
      contratto_id: null,
      su_contratto: false,
      data_appuntamento: null,
      contrassegnato: false,
      in_remoto: true,
      gestionePrezziIntervento: null,
    });
  });

  it('takes the contract’s prices only when the contract enables them, after the report’s own', async () => {
    const x = await reportCompany(t);
    await x.setOptions([
      { category: 'rapportini_prezzi', subcategory: 'ora_lavoro', value: '42,00' },
      { category: 'rapportini_prezzi', subcategory: 'km', value: '0,45' },
    ]);
    const prezzi = { ora: '35.00', km: '0.30', diritto_chiamata: '25.00' };
    const on = await makeContract(t, x.c.company.id, { clienteId: x.clienteId, abilitaPrezziContratto: true, prezzi });
    const off = await makeContract(t, x.c.company.id, { clienteId: x.clienteId, prezzi });
    const save = (contratto_id: string, extra: Record<string, unknown> = {}) =>
      x.post(x.admin, '/rapportini/rapportino/lavorazione', {
        cliente_id: x.clienteId,
        contratto_id,
        giornate: [day(x.techId, '2026-11-02', { totale_ore: '2', km_viaggio: '10' })],
        ...extra,
      });
    const line = (r: Awaited<ReturnType<typeof save>>, voce: string) =>
      r.json.item.prezzi.righe.find((l: { voce: string }) => l.voce === voce);

    const withPrices = await save(on.id);
    expect(withPrices.status, JSON.stringify(withPrices.json)).toBe(200);
    expect(line(withPrices, 'ore')).toMatchObject({ prezzo_unitario: '35.00', importo: '70.00', origine: 'contratto' });
    expect(line(withPrices, 'km')).toMatchObject({ prezzo_unitario: '0.30', importo: '3.00', origine: 'contratto' });
    expect(line(withPrices, 'diritto_chiamata')).toMatchObject({ importo: '25.00', origine: 'contratto' });
    expect(withPrices.json.item.prezzi.totale).toBe('98.00');

    const disabled = await save(off.id);
    expect(line(disabled, 'ore')).toMatchObject({ prezzo_unitario: '42.00', origine: 'azienda' });
    expect(line(disabled, 'diritto_chiamata')).toBeUndefined();

    // The report's own price wins over the contract's.
    const own = await save(on.id, { gestionePrezziIntervento: { prezzo_ora: '60' } });
    expect(line(own, 'ore')).toMatchObject({ prezzo_unitario: '60.00', origine: 'rapportino' });
    expect(line(own, 'km')).toMatchObject({ origine: 'contratto' });

    // The list filters by contract.
    const listed = await x.get(x.admin, `/rapportini/rapportini/admin?contratto_id=${on.id}`);
    expect(listed.json.items.map((r: { id: string }) => r.id).sort()).toEqual(
      [withPrices.json.item.id, own.json.item.id].sort(),
    );
  });

  it('refuses a contract of another customer or another company, and lists a customer’s contracts', async () => {
    const x = await reportCompany(t);
    const other = await x.post(x.admin, '/clienti/cliente', { ragione_sociale: 'Hotel Miramare', citta: 'Rimini' });
    const theirs = await makeContract(t, x.c.company.id, { clienteId: other.json.item.id });
    const wrong = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      contratto_id: theirs.id,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors ?? wrong.json.fields ?? wrong.json).toBeTruthy();
    expect(JSON.stringify(wrong.json)).toContain('Il contratto non è di questo cliente');

    const y = await reportCompany(t);
    const foreign = await makeContract(t, y.c.company.id, { clienteId: y.clienteId });
    const unknown = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      contratto_id: foreign.id,
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.json)).toContain('Contratto non trovato');

    const mine = await makeContract(t, x.c.company.id, { clienteId: x.clienteId, tipo: 'chiamata' });
    const list = await x.get(x.admin, `/contratti/cliente/${x.clienteId}`);
    expect(list.status).toBe(200);
    expect(list.json.items).toEqual([
      expect.objectContaining({ id: mine.id, tipo: 'chiamata', cessato: false, abilitaPrezziContratto: false }),
    ]);
    // Another company's customer answers 404, as an unknown one.
    expect((await x.get(x.admin, `/contratti/cliente/${y.clienteId}`)).status).toBe(404);
  });

  it('answers 403 to creating or editing without write on gestione_interventi, and adds the columns with tableInfos', async () => {
    const x = await reportCompany(t);
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      tecnici_ids: [x.techId],
    });
    const g = await x.post(x.admin, '/gruppi/gruppo', {
      name: 'Solo lettura',
      membri: [x.techId],
      permissions: { gestione_interventi: { ...none, userRead: true } },
    });
    expect(g.status, JSON.stringify(g.json)).toBe(200);
    const reader = await x.c.login('tech');
    expect((await x.get(reader, `/rapportini/rapportini/admin/${r.json.item.id}`)).status).toBe(200);
    const create = await x.post(reader, '/rapportini/rapportino/lavorazione', { cliente_id: x.clienteId });
    expect(create.status).toBe(403);
    const entry = await x.post(reader, '/rapportini/rapportino/lavorazione', {
      id: r.json.item.id,
      cliente_id: x.clienteId,
    });
    expect(entry.status).toBe(403);
    const update = await x.post(reader, '/rapportini/rapportino/admin/update', {
      id: r.json.item.id,
      cliente_id: x.clienteId,
    });
    expect(update.status).toBe(403);

    const withInfos = await x.get(x.admin, '/rapportini/rapportini/admin?tableInfos=true');
    expect(withInfos.json.tableInfos).toBeTruthy();
    expect(withInfos.json.columns).toEqual(expect.arrayContaining(['numero_assistenza', 'stato', 'cliente']));
    expect((await x.get(x.admin, '/rapportini/rapportini/admin')).json.tableInfos).toBeUndefined();
  });

  it('never reaches another company’s contracts list', async () => {
    const a = await reportCompany(t);
    const b = await createCompany(t);
    const admin = await b.login('admin');
    await makeContract(t, a.c.company.id, { clienteId: a.clienteId });
    const r = await a.get(admin, `/contratti/cliente/${a.clienteId}`);
    expect(r.status).toBe(404);
    expect(JSON.stringify(r.json)).not.toContain(a.clienteId);
  });
});
