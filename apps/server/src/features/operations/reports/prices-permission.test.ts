import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { day, reportCompany } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type X = Awaited<ReturnType<typeof reportCompany>>;

const PRICE_KEYS = ['importo_unitario', 'costo_acquisto', 'prezzo_netto'] as const;

/**
 * The office's report for the technician: the article's line, a free line at 100,00 (net 90,00,
 * cost 60,00) and a worked day at the set price 180,00.
 */
async function officeReport(x: X) {
  const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
    cliente_id: x.clienteId,
    tecnici_ids: [x.techId],
    giornate: [day(x.techId, '2026-11-02', { prezzoImpostato: '180,00' })],
    materiali: [
      { articolo_id: x.articoloId, descrizione: 'Valvola a sfera 1/2"', quantita: '2' },
      {
        descrizione: 'Pompa di ricircolo',
        quantita: '1',
        importo_unitario: '100,00',
        prezzo_netto: '90,00',
        costo_acquisto: '60,00',
      },
    ],
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  expect(r.json.item.prezzi.totale).toBe('295.00'); // 180 + 2 × 12,50 + 90
  return r.json.item;
}

/** The stored report as the office sees it. */
const asOffice = async (x: X, id: string) => (await x.get(x.admin, `/rapportini/rapportini/admin/${id}`)).json.item;

/** What a technician's client without prices sends back: the lines with their ids, no price field. */
function techBody(item: any, over: Record<string, unknown> = {}) {
  return {
    id: item.id,
    cliente_id: item.cliente_id,
    tecnici_ids: item.tecnici_ids,
    giornate: item.giornate.map((g: any) => ({
      id: g.id,
      data: g.data,
      tecnico_id: g.tecnico_id,
      totale_ore: g.totale_ore,
      km_viaggio: g.km_viaggio,
      ore_viaggio: g.ore_viaggio,
    })),
    materiali: item.materiali.map((m: any) => ({
      id: m.id,
      articolo_id: m.articolo_id,
      descrizione: m.descrizione,
      quantita: m.quantita,
    })),
    ...over,
  };
}

describe('prices and the prices permission (issue 22)', () => {
  it('ignores prices a technician without the prices permission sends: material prices and the set price stay', async () => {
    const x = await reportCompany(t);
    const item = await officeReport(x);
    const body = techBody(item);
    body.giornate[0].prezzoImpostato = '0,01';
    body.materiali = body.materiali.map((m: any) => ({
      ...m,
      importo_unitario: '0,01',
      prezzo_netto: '0,01',
      costo_acquisto: '0,01',
    }));
    const saved = await x.post(x.tech, '/rapportini/rapportino/lavorazione', body);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const after = await asOffice(x, item.id);
    expect(after.giornate[0].prezzoImpostato).toBe('180.00');
    expect(after.materiali.map((m: any) => PRICE_KEYS.map((k) => m[k]))).toEqual([
      ['12.50', '7.00', '12.50'],
      ['100.00', '60.00', '90.00'],
    ]);
    expect(after.prezzi.totale).toBe('295.00');
    const list = await x.get(x.admin, '/rapportini/rapportini/admin');
    expect(list.json.items.find((i: any) => i.id === item.id).totale).toBe('295.00');
    // The office's own edit still sets them.
    const office = await x.post(x.admin, '/rapportini/rapportino/admin/update', {
      ...techBody(after),
      materiali: after.materiali.map((m: any) => ({ ...techBody(after).materiali[0], ...m, importo_unitario: '80' })),
    });
    expect(office.status, JSON.stringify(office.json)).toBe(200);
    expect(office.json.item.materiali.map((m: any) => m.importo_unitario)).toEqual(['80.00', '80.00']);
  });

  it('a new report of a technician takes the article’s prices, whatever prices it sends', async () => {
    const x = await reportCompany(t);
    const r = await x.post(x.tech, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      giornate: [day(x.techId, '2026-11-02', { prezzoImpostato: '0,01' })],
      materiali: [
        {
          articolo_id: x.articoloId,
          descrizione: 'Valvola',
          quantita: '1',
          importo_unitario: '0,01',
          prezzo_netto: '0,01',
          costo_acquisto: '0,01',
        },
        { descrizione: 'Nastro', quantita: '1', importo_unitario: '999' },
      ],
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const after = await asOffice(x, r.json.item.id);
    expect(after.giornate[0].prezzoImpostato).toBeNull();
    expect(after.materiali.map((m: any) => PRICE_KEYS.map((k) => m[k]))).toEqual([
      ['12.50', '7.00', '12.50'],
      [null, null, null],
    ]);
  });

  it('shows a technician without the prices permission no price: lines, set price, totals', async () => {
    const x = await reportCompany(t);
    const item = await officeReport(x);
    const seen = await x.get(x.tech, `/rapportini/rapportini/admin/${item.id}`);
    expect(seen.status).toBe(200);
    const r = seen.json.item;
    expect(r.prezzi).toBeNull();
    expect(r.gestionePrezziIntervento).toBeNull();
    expect(r.giornate.map((g: any) => g.prezzoImpostato)).toEqual([null]);
    for (const m of r.materiali) for (const k of PRICE_KEYS) expect(m[k], k).toBeNull();
    // Nor in the answer of the technician's own save.
    const saved = await x.post(x.tech, '/rapportini/rapportino/lavorazione', techBody(r));
    expect(saved.status).toBe(200);
    expect(saved.json.item.giornate[0].prezzoImpostato).toBeNull();
    for (const m of saved.json.item.materiali) for (const k of PRICE_KEYS) expect(m[k], k).toBeNull();
    // Nor anywhere in what it answers.
    expect(JSON.stringify(saved.json)).not.toMatch(/"(100|90|60|180)\.00"/);
    // The list offers no total's column.
    const infos = (await x.get(x.tech, '/rapportini/rapportini/admin?tableInfos=true')).json.tableInfos;
    expect(infos.columns.map((c: any) => c.key)).not.toContain('totale');
    const office = (await x.get(x.admin, '/rapportini/rapportini/admin?tableInfos=true')).json.tableInfos;
    expect(office.columns.map((c: any) => c.key)).toContain('totale');
  });

  it('a technician’s save keeps the prices of the lines it keeps, prices the lines it adds, drops the lines it deletes', async () => {
    const x = await reportCompany(t);
    const item = await officeReport(x);
    const [valve, pump] = item.materiali;
    const seen = (await x.get(x.tech, `/rapportini/rapportini/admin/${item.id}`)).json.item;
    const body = techBody(seen);
    // Keeps the pump (quantity changed), deletes the valve line, adds a valve line and a free one; more hours.
    body.materiali = [
      { ...body.materiali[1], quantita: '2' },
      { articolo_id: x.articoloId, descrizione: 'Valvola a sfera 1/2"', quantita: '3' },
      { descrizione: 'Guarnizioni', quantita: '4' },
    ];
    body.giornate[0].totale_ore = '6';
    const saved = await x.post(x.tech, '/rapportini/rapportino/lavorazione', body);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const after = await asOffice(x, item.id);
    expect(after.materiali.map((m: any) => [m.descrizione, m.quantita, ...PRICE_KEYS.map((k) => m[k])])).toEqual([
      ['Pompa di ricircolo', '2.000', '100.00', '60.00', '90.00'],
      ['Valvola a sfera 1/2"', '3.000', '12.50', '7.00', '12.50'],
      ['Guarnizioni', '4.000', null, null, null],
    ]);
    // Lines are matched by id: the kept line keeps it, the deleted one is gone, the new ones have new ids.
    expect(after.materiali[0].id).toBe(pump.id);
    expect(after.materiali.map((m: any) => m.id)).not.toContain(valve.id);
    expect(new Set(after.materiali.map((m: any) => m.id)).size).toBe(3);
    expect(after.giornate[0]).toMatchObject({ id: item.giornate[0].id, totale_ore: '6.00', prezzoImpostato: '180.00' });
    // 180 (set price) + 2 × 90 + 3 × 12,50 + 0.
    expect(after.prezzi.totale).toBe('397.50');
  });

  it('matches lines by id only: a line sent without its id, or with an unknown one, is a new line', async () => {
    const x = await reportCompany(t);
    const item = await officeReport(x);
    const body = techBody(item);
    const pump = body.materiali[1];
    body.materiali = [
      { ...pump, id: undefined },
      { ...pump, id: '00000000-0000-4000-8000-000000000000' },
    ];
    body.giornate = [{ ...body.giornate[0], id: undefined }];
    const saved = await x.post(x.tech, '/rapportini/rapportino/lavorazione', body);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const after = await asOffice(x, item.id);
    expect(after.materiali.map((m: any) => m.importo_unitario)).toEqual([null, null]);
    expect(after.materiali.map((m: any) => m.id)).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(after.giornate[0].prezzoImpostato).toBeNull();
  });

  it('a kept line whose article changes takes the new article’s prices', async () => {
    const x = await reportCompany(t);
    const other = await x.post(x.admin, '/anagraficaarticoli/articoli', {
      codice: `RAC-${Math.random().toString(36).slice(2, 6)}`,
      descrizione: 'Raccordo',
      prezzo_vendita: '3.00',
      prezzo_acquisto: '1.00',
    });
    const item = await officeReport(x);
    const body = techBody(item);
    body.materiali[0] = { ...body.materiali[0], articolo_id: other.json.item.id, descrizione: 'Raccordo' };
    const saved = await x.post(x.tech, '/rapportini/rapportino/lavorazione', body);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const after = await asOffice(x, item.id);
    expect(PRICE_KEYS.map((k) => after.materiali[0][k])).toEqual(['3.00', '1.00', '3.00']);
    expect(after.materiali[0].id).toBe(item.materiali[0].id);
    expect(PRICE_KEYS.map((k) => after.materiali[1][k])).toEqual(['100.00', '60.00', '90.00']);
  });

  it('refuses a line id given twice', async () => {
    const x = await reportCompany(t);
    const item = await officeReport(x);
    const body = techBody(item);
    body.materiali = [body.materiali[1], body.materiali[1]];
    body.giornate = [body.giornate[0], { ...body.giornate[0], data: '2026-11-03' }];
    const r = await x.post(x.tech, '/rapportini/rapportino/lavorazione', body);
    expect(r.status).toBe(400);
    expect(r.json.fields.map((f: any) => f.path).sort()).toEqual(['giornate.1.id', 'materiali.1.id']);
    // Nothing was written.
    expect((await asOffice(x, item.id)).materiali).toHaveLength(2);
  });

  it('the office’s saves keep the lines’ ids', async () => {
    const x = await reportCompany(t);
    const item = await officeReport(x);
    const body = techBody(item);
    const again = await x.post(x.admin, '/rapportini/rapportino/admin/update', {
      ...body,
      // The office sees the day's set price and sends it back (left out, it would be cleared: the office sees it).
      giornate: [{ ...body.giornate[0], prezzoImpostato: item.giornate[0].prezzoImpostato }],
      materiali: item.materiali.map((m: any) => ({
        id: m.id,
        articolo_id: m.articolo_id,
        descrizione: m.descrizione,
        quantita: m.quantita,
        importo_unitario: m.importo_unitario,
        prezzo_netto: m.prezzo_netto,
        costo_acquisto: m.costo_acquisto,
      })),
    });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.item.materiali.map((m: any) => m.id)).toEqual(item.materiali.map((m: any) => m.id));
    expect(again.json.item.giornate.map((g: any) => g.id)).toEqual(item.giornate.map((g: any) => g.id));
    expect(again.json.item.prezzi.totale).toBe('295.00');
  });

  it('return travel a technician adds to a closed report carries no set price of theirs', async () => {
    const x = await reportCompany(t);
    const item = await officeReport(x);
    const closed = await x.post(x.tech, '/rapportini/rapportino/chiusura', { id: item.id });
    expect(closed.status, JSON.stringify(closed.json)).toBe(200);
    const seen = (await x.get(x.tech, `/rapportini/rapportini/admin/${item.id}`)).json.item;
    const body = techBody(seen);
    body.giornate.push({
      ...day(x.techId, '2026-11-03', { totale_ore: '0', ore_viaggio: '1,5' }),
      ritorno: true,
      prezzoImpostato: '0,01',
      id: item.giornate[0].id,
    });
    body.materiali[1].importo_unitario = '0,01';
    const saved = await x.post(x.tech, '/rapportini/rapportino/lavorazione', body);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const after = await asOffice(x, item.id);
    expect(after.giornate.map((g: any) => [g.ritorno, g.prezzoImpostato])).toEqual([
      [false, '180.00'],
      [true, null],
    ]);
    expect(after.materiali[1].importo_unitario).toBe('100.00');
  });
});
