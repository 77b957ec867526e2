import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn, zonedInstant } from '@fs/contract';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { day, reportCompany } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('work reports', () => {
  it('creates a numbered report with two worked days and three materials, prices computed on the server', async () => {
    const x = await reportCompany(t);
    await x.setOptions([
      { category: 'rapportini_prezzi', subcategory: 'ora_lavoro', value: '42,00' },
      { category: 'rapportini_prezzi', subcategory: 'km', value: '0,45' },
    ]);
    // The technician's own rate wins over the company's.
    await x.post(x.admin, '/users/user', {
      id: x.techId,
      username: 'tech',
      scheduleenabled: 'Y',
      netPriceTecnico: '38.00',
    });
    const year = new Date().getFullYear();
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      impianto_id: x.impiantoId,
      macchinari_ids: [x.macchinaId],
      tecnici_ids: [x.techId],
      richiesta_iniziale: 'La caldaia va in blocco',
      tipo_intervento: 'straordinario',
      giornate: [
        day(x.techId, `${year}-11-02`, { totale_ore: '3,5', km_viaggio: '24', pranzo: 'S' }),
        day(x.adminId, `${year}-11-03`, { totale_ore: '2' }),
      ],
      materiali: [
        { articolo_id: x.articoloId, descrizione: 'Valvola a sfera 1/2"', quantita: '2' },
        { descrizione: 'Raccordo a T', quantita: '3', importo_unitario: '4,20', prezzo_netto: '3,90' },
        { descrizione: 'Teflon', quantita: '0,5', unita: 'rotolo', importo_unitario: '2.00' },
      ],
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const item = r.json.item;
    expect(item).toMatchObject({
      numero_assistenza: `${year}/00001`,
      stato: 'APERTO',
      cliente: 'Idraulica Verdi S.n.c.',
      impianto: 'Centrale termica',
      macchinari_ids: [x.macchinaId],
      totale_ore: '5.50',
      modificabile: true,
    });
    expect(item.tecnici_ids.sort()).toEqual([x.adminId, x.techId].sort());
    expect(item.materiali[0]).toMatchObject({
      codice: expect.stringMatching(/^VALV-/),
      unita: 'pz',
      importo_unitario: '12.50',
      prezzo_netto: '12.50',
      costo_acquisto: '7.00',
    });
    const righe = item.prezzi.righe.map((l: any) => [l.voce, l.quantita, l.prezzo_unitario, l.importo, l.origine]);
    expect(righe).toEqual([
      ['ore', '3.50', '38.00', '133.00', 'tecnico'],
      ['ore', '2.00', '42.00', '84.00', 'azienda'],
      ['km', '24.0', '0.45', '10.80', 'azienda'],
      ['pranzo', '1', '15.00', '15.00', 'azienda'],
      ['materiale', '2.000', '12.50', '25.00', 'riga'],
      ['materiale', '3.000', '3.90', '11.70', 'riga'],
      ['materiale', '0.500', '2.00', '1.00', 'riga'],
    ]);
    expect(item.prezzi.totale).toBe('280.50');
    // The second report takes the next number; the list shows both with the total.
    const r2 = await x.post(x.admin, '/rapportini/rapportino/lavorazione', { cliente_id: x.clienteId });
    expect(r2.json.item).toMatchObject({ numero_assistenza: `${year}/00002`, stato: 'NUOVO' });
    const list = await x.get(x.admin, '/rapportini/rapportini/admin?tableInfos=true');
    expect(list.json.totaleElementi).toBe(2);
    expect(list.json.columns).toContain('numero_assistenza');
    expect(list.json.items.find((i: any) => i.id === item.id)).toMatchObject({ totale: '280.50', totale_ore: '5.50' });
  });

  it('refuses what does not belong: another customer’s plant, an unknown technician, bad hours', async () => {
    const x = await reportCompany(t);
    const other = await x.post(x.admin, '/clienti/cliente', { ragione_sociale: 'Altro cliente' });
    const bad = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: other.json.item.id,
      impianto_id: x.impiantoId,
      macchinari_ids: [x.macchinaId],
      tecnici_ids: ['00000000-0000-4000-8000-000000000000'],
      giornate: [day(x.techId, '2026-11-02', { totale_ore: '25' })],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.map((f: any) => f.path).sort()).toEqual(
      ['giornate.0.totale_ore', 'impianto_id', 'macchinari_ids.0', 'tecnici_ids.0'].sort(),
    );
    const neg = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      materiali: [
        { descrizione: 'X', quantita: '0' },
        { descrizione: 'Y', quantita: '1', prezzo_netto: '-3' },
      ],
    });
    expect(neg.status).toBe(400);
    expect(neg.json.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'materiali.0.quantita', message: 'Deve essere più di zero' }),
        expect.objectContaining({ path: 'materiali.1.prezzo_netto', message: 'Deve essere zero o più' }),
      ]),
    );
  });

  it('reads the numbers of a report the Italian way (decision 0022): 1.200 km is twelve hundred, 2.5 hours two and a half', async () => {
    const x = await reportCompany(t);
    const ok = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      giornate: [day(x.techId, '2026-11-02', { totale_ore: '2.5', km_viaggio: '1.200', ore_viaggio: '0,5' })],
      materiali: [{ descrizione: 'Tubo', quantita: '1.250,5' }],
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const g = ok.json.item.giornate[0];
    expect([Number(g.totale_ore), Number(g.km_viaggio), Number(g.ore_viaggio)]).toEqual([2.5, 1200, 0.5]);
    expect(Number(ok.json.item.materiali[0].quantita)).toBe(1250.5);
    // Km take one decimal: the message says one, not two.
    const bad = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      giornate: [day(x.techId, '2026-11-02', { totale_ore: '1', km_viaggio: '24,55' })],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual([
      expect.objectContaining({ path: 'giornate.0.km_viaggio', message: 'Al massimo 1 decimale' }),
    ]);
  });

  it('counts hours by the entry mode: morning and afternoon, or start and end', async () => {
    const x = await reportCompany(t);
    await x.setOptions([{ category: 'rapportini_modalita_ore', subcategory: 'value', value: 'mattina_pomeriggio' }]);
    const a = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      giornate: [
        day(x.techId, '2026-11-02', {
          totale_ore: '9',
          ore_mattina: '3,5',
          ore_pomeriggio: '4',
          inizio_mattina: '08:00',
        }),
      ],
    });
    expect(a.json.item.giornate[0]).toMatchObject({ totale_ore: '7.50', ore_mattina: '3.50', inizio_mattina: null });
    await x.setOptions([{ category: 'rapportini_modalita_ore', subcategory: 'value', value: 'inizio_fine' }]);
    const b = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      giornate: [
        day(x.techId, '2026-11-02', {
          inizio_mattina: '08:15',
          fine_mattina: '12:30',
          inizio_pomeriggio: '13:30',
          fine_pomeriggio: '17:00',
        }),
      ],
    });
    expect(b.json.item.giornate[0]).toMatchObject({ totale_ore: '7.75', ore_mattina: null });
    const c = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      giornate: [
        day(x.techId, '2026-11-02', { inizio_mattina: '12:00', fine_mattina: '08:00', inizio_pomeriggio: '14:00' }),
      ],
    });
    expect(c.status).toBe(400);
    expect(c.json.fields.map((f: any) => f.path).sort()).toEqual([
      'giornate.0.fine_mattina',
      'giornate.0.fine_pomeriggio',
    ]);
  });

  it('charges travel per the multi-technician mode', async () => {
    const x = await reportCompany(t);
    const body = {
      cliente_id: x.clienteId,
      giornate: [
        day(x.techId, '2026-11-02', { km_viaggio: '40', ore_viaggio: '1' }),
        day(x.adminId, '2026-11-02', { km_viaggio: '40', ore_viaggio: '1' }),
      ],
    };
    const totals: Record<string, string[]> = {};
    for (const mode of ['0', '1', '2']) {
      await x.setOptions([{ category: 'rapportini_km_ore_multi_tecnico', subcategory: 'value', value: mode }]);
      const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', body);
      totals[mode] = r.json.item.prezzi.righe
        .filter((l: any) => l.voce === 'km' || l.voce === 'ore_viaggio')
        .map((l: any) => `${l.voce}:${l.quantita}`);
    }
    expect(totals).toEqual({
      // Each technician's own trip; one shared trip; one car, each one's time.
      '0': ['km:40.0', 'ore_viaggio:1.00', 'km:40.0', 'ore_viaggio:1.00'],
      '1': ['km:40.0', 'ore_viaggio:1.00'],
      '2': ['km:40.0', 'ore_viaggio:1.00', 'ore_viaggio:1.00'],
    });
  });

  it('lets a technician reach only their own reports, without prices, unless given colleagues’ data and prices', async () => {
    const x = await reportCompany(t);
    const mine = await x.post(x.tech, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      giornate: [day(x.techId, '2026-11-02')],
    });
    expect(mine.status).toBe(200);
    expect(mine.json.item.tecnici_ids).toEqual([x.techId]);
    expect(mine.json.item.prezzi).toBeNull();
    const theirs = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      tecnici_ids: [x.adminId],
    });
    expect((await x.get(x.tech, `/rapportini/rapportini/admin/${theirs.json.item.id}`)).status).toBe(404);
    expect(
      (await x.post(x.tech, '/rapportini/rapportino/lavorazione', { id: theirs.json.item.id, cliente_id: x.clienteId }))
        .status,
    ).toBe(404);
    const list = await x.get(x.tech, '/rapportini/rapportini/admin');
    expect(list.json.items.map((i: any) => i.id)).toEqual([mine.json.item.id]);
    expect(list.json.items[0].totale).toBeNull();
    const todos = await x.get(x.tech, '/rapportini/rapportini/todos?quando=aperti');
    expect(todos.json.items.map((i: any) => i.id)).toEqual([mine.json.item.id]);
    // A technician may not complete nor delete a colleague's report.
    expect((await x.post(x.tech, '/rapportini/rapportini/delete-bulk', { ids: [theirs.json.item.id] })).status).toBe(
      403,
    );
    // A group with colleagues' data and prices sees them.
    const g = await x.post(x.admin, '/gruppi/gruppo', {
      name: 'Capisquadra',
      membri: [x.techId],
      permissions: {
        gestione_interventi: {
          userRead: true,
          userWrite: true,
          userDelete: false,
          companyRead: false,
          companyWrite: false,
          companyDelete: false,
        },
        dati_colleghi: {
          userRead: true,
          userWrite: false,
          userDelete: false,
          companyRead: false,
          companyWrite: false,
          companyDelete: false,
        },
        prezzi: {
          userRead: true,
          userWrite: false,
          userDelete: false,
          companyRead: false,
          companyWrite: false,
          companyDelete: false,
        },
      },
    });
    expect(g.status, JSON.stringify(g.json)).toBe(200);
    const tech2 = await x.c.login('tech');
    const seen = await x.get(tech2, `/rapportini/rapportini/admin/${theirs.json.item.id}`);
    expect(seen.status).toBe(200);
    expect(seen.json.item.prezzi).not.toBeNull();
    expect(seen.json.item.modificabile).toBe(false);
  });

  it('filters the list by state, technician, customer, completed, open and closing dates, and searches numbers and customers', async () => {
    const x = await reportCompany(t);
    const mk = (over: Record<string, unknown>) =>
      x.post(x.admin, '/rapportini/rapportino/lavorazione', { cliente_id: x.clienteId, ...over });
    await mk({ data_apertura: '2026-10-01' });
    await mk({ data_apertura: '2026-10-15', giornate: [day(x.techId, '2026-10-15')] });
    const other = await x.post(x.admin, '/clienti/cliente', { ragione_sociale: 'Pasticceria Niccolò' });
    await mk({ cliente_id: other.json.item.id, data_apertura: '2026-11-05', tecnici_ids: [x.techId] });
    const ids = async (q: string) =>
      (await x.get(x.admin, `/rapportini/rapportini/admin?${q}`)).json.items.map((i: any) => i.data_apertura);
    expect(await ids('')).toEqual(['2026-11-05', '2026-10-15', '2026-10-01']);
    expect(await ids('stato=NUOVO')).toEqual(['2026-11-05', '2026-10-01']);
    expect(await ids('stato=aperti&dir=asc')).toEqual(['2026-10-01', '2026-10-15', '2026-11-05']);
    expect(await ids(`tecnico_id=${x.techId}`)).toEqual(['2026-11-05', '2026-10-15']);
    expect(await ids(`cliente_id=${x.clienteId}`)).toEqual(['2026-10-15', '2026-10-01']);
    expect(await ids('dal=2026-10-10&al=2026-10-31')).toEqual(['2026-10-15']);
    // Closing days are the company's (Rome): 31 October 23:30 UTC is 1 November, 30 October 22:30 UTC the 30th.
    const close = (apertura: string, at: string) =>
      t.deps.database.executeSql(
        `update rapportini set stato = 'CHIUSO', data_chiusura = $3 where azienda_id = $1 and data_apertura = $2`,
        [x.c.company.id, apertura, at],
      );
    await close('2026-10-15', '2026-10-31T23:30:00Z');
    await close('2026-10-01', '2026-10-30T22:30:00Z');
    expect(await ids('chiuso_dal=2026-11-01&chiuso_al=2026-11-30')).toEqual(['2026-10-15']);
    expect(await ids('chiuso_dal=2026-10-01&chiuso_al=2026-10-31')).toEqual(['2026-10-01']);
    expect(await ids(`chiuso_dal=2026-10-30&tecnico_id=${x.techId}`)).toEqual(['2026-10-15']);
    expect(await ids('chiuso_al=2026-10-29')).toEqual([]);
    expect((await x.get(x.admin, '/rapportini/rapportini/admin?chiuso_dal=30/10/2026')).status).toBe(400);
    await t.deps.database.executeSql(
      `update rapportini set stato = 'NUOVO', data_chiusura = null where azienda_id = $1 and data_apertura in ('2026-10-01', '2026-10-15')`,
      [x.c.company.id],
    );
    expect(await ids('completato=true')).toEqual([]);
    expect(await ids('q=niccolo')).toEqual(['2026-11-05']);
    expect(await ids('q=2026/00002')).toEqual(['2026-10-15']);
    expect((await ids('sort=cliente&dir=asc'))[2]).toBe('2026-11-05');
    expect((await ids('sort=cliente&dir=desc'))[0]).toBe('2026-11-05');
    expect((await x.get(x.admin, '/rapportini/rapportini/admin?stato=CHIUSA')).status).toBe(400);
    // Reports of one day follow their numbers.
    for (let i = 0; i < 4; i++) await mk({ data_apertura: '2026-09-01' });
    const sameDay = async (dir: string) =>
      (await x.get(x.admin, `/rapportini/rapportini/admin?dal=2026-09-01&al=2026-09-01&dir=${dir}`)).json.items.map(
        (i: any) => i.numero_assistenza,
      );
    expect(await sameDay('desc')).toEqual(['2026/00007', '2026/00006', '2026/00005', '2026/00004']);
    expect(await sameDay('asc')).toEqual(['2026/00004', '2026/00005', '2026/00006', '2026/00007']);
  });

  it('gives a technician today’s and open reports, with the appointment, the place and the request', async () => {
    const x = await reportCompany(t);
    // Midday of the company's today (Rome): an hour from now would be tomorrow after 23:00.
    const appointment = zonedInstant(todayIn('Europe/Rome'), 'Europe/Rome', 12).toISOString();
    const mk = (over: Record<string, unknown>) =>
      x.post(x.admin, '/rapportini/rapportino/lavorazione', {
        cliente_id: x.clienteId,
        tecnici_ids: [x.techId],
        ...over,
      });
    const todayOne = await mk({
      impianto_id: x.impiantoId,
      data_appuntamento: appointment,
      data_apertura: '2026-01-10',
      richiesta_iniziale: 'La caldaia perde acqua dal raccordo',
    });
    const older = await mk({ data_apertura: '2026-01-05' });
    await mk({ data_apertura: '2026-01-06', tecnici_ids: [x.adminId] });
    const list = async (quando: string) =>
      (await x.get(x.tech, `/rapportini/rapportini/todos?quando=${quando}`)).json.items;
    const oggi = await list('oggi');
    expect(oggi.map((i: any) => i.id)).toEqual([todayOne.json.item.id]);
    expect(oggi[0]).toMatchObject({
      luogo: 'Centrale termica',
      richiesta_iniziale: 'La caldaia perde acqua dal raccordo',
      data_appuntamento: appointment,
    });
    expect((await list('aperti')).map((i: any) => i.id)).toEqual([todayOne.json.item.id, older.json.item.id]);
    expect((await x.get(x.tech, '/rapportini/rapportini/todos?quando=ieri')).status).toBe(400);
  });
});

describe('another company', () => {
  it('never reaches a report of A: read, save, close, delete', async () => {
    const x = await reportCompany(t);
    const b = await createCompany(t);
    const sb = await b.login('admin');
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', { cliente_id: x.clienteId });
    const id = r.json.item.id;
    expect((await x.get(sb, `/rapportini/rapportini/admin/${id}`)).status).toBe(404);
    expect((await x.post(sb, '/rapportini/rapportino/admin/update', { id, cliente_id: x.clienteId })).status).toBe(404);
    expect((await x.post(sb, '/rapportini/rapportino/lavorazione', { cliente_id: x.clienteId })).status).toBe(404);
    expect((await x.post(sb, '/rapportini/rapportino/chiusura', { id })).status).toBe(404);
    expect((await x.post(sb, '/rapportini/rapportini/delete-bulk', { ids: [id] })).status).toBe(404);
    expect((await x.get(sb, '/rapportini/rapportini/admin')).json.totaleElementi).toBe(0);
    expect((await x.get(x.admin, `/rapportini/rapportini/admin/${id}`)).json.item.stato).toBe('NUOVO');
  });
});
