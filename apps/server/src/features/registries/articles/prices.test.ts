import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { uploadMapping } from '../imports/test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type S = { token: string; deviceId: string };
const get = (s: S, url: string) => call(t.app, 'GET', `/api${url}`, s);
const post = (s: S, url: string, body: unknown) => call(t.app, 'POST', `/api${url}`, { ...s, body });
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

const flags = (read: boolean, write: boolean) => ({
  userRead: read,
  userWrite: write,
  userDelete: false,
  companyRead: read,
  companyWrite: write,
  companyDelete: false,
});

/** A company with an article priced 12,50 (cost 7,00); the admin and the technician signed in. */
async function company() {
  const c = await createCompany(t);
  const admin = await c.login('admin');
  const tech = await c.login('tech');
  const a = await post(admin, '/anagraficaarticoli/articoli', {
    codice: 'VALV-1',
    descrizione: 'Valvola a sfera',
    unita_misura: 'pz',
    prezzo_vendita: '12.50',
    prezzo_acquisto: '7.00',
  });
  expect(a.status).toBe(200);
  return { c, admin, tech, id: a.json.item.id as string };
}

describe('articles and the prices permission (issue 22)', () => {
  it('answers no price to a caller without the prices permission: list, picker, search, catalogue, exports, columns', async () => {
    const { c, admin, tech } = await company();
    const answers = async (s: S) => [
      (await post(s, '/anagraficaarticoli/articoli/admin', { tableInfos: true })).json,
      (await get(s, '/anagraficaarticoli/articoli-filtered?codice=VALV')).json,
      (await post(s, '/anagraficaarticoli/articoli/research', { q: 'valv' })).json,
      (await get(s, '/anagraficaarticoli/articoli/all')).json,
    ];
    for (const r of await answers(tech)) {
      expect(r.items).toHaveLength(1);
      expect(r.items[0]).toMatchObject({ codice: 'VALV-1', prezzo_vendita: null, prezzo_acquisto: null });
    }
    for (const r of await answers(admin)) {
      expect(r.items[0]).toMatchObject({ prezzo_vendita: '12.50', prezzo_acquisto: '7.00' });
    }
    // The column chooser offers no price column, and shows none.
    const infos = (await post(tech, '/anagraficaarticoli/articoli/admin', { tableInfos: true })).json.tableInfos;
    expect(infos.columns.map((c: any) => c.key)).not.toContain('prezzo_vendita');
    expect(infos.selectedColumns).not.toContain('prezzo_vendita');
    expect((await get(tech, '/tabelle/tabella/articoli')).json.item.columns.map((c: any) => c.key)).not.toContain(
      'prezzo_acquisto',
    );
    // The export (data-export area: a group gives it, not prices) leaves the price columns out, asked or not.
    expect((await get(tech, '/anagraficaarticoli/articoli/export')).status).toBe(403);
    const g = await post(admin, '/gruppi/gruppo', {
      name: 'Esportatori senza prezzi',
      membri: [c.user('tech').id],
      permissions: { anagrafica_articoli: flags(true, false), esportazione_dati: flags(true, false) },
    });
    expect(g.status, JSON.stringify(g.json)).toBe(200);
    const exporter = await c.login('tech');
    const csv = await get(exporter, '/anagraficaarticoli/articoli/export');
    expect(csvLines(csv.raw.body)).toEqual([
      // The VAT rate is not a price: it stays (empty: the company's default).
      'Codice;Riferimento esterno;Descrizione;Unità di misura;Aliquota IVA %;Natura IVA;Note',
      'VALV-1;;Valvola a sfera;pz;;;',
    ]);
    const asked = await get(exporter, '/anagraficaarticoli/articoli/export?columns=codice,prezzo_acquisto');
    expect(csvLines(asked.raw.body)).toEqual(['Codice', 'VALV-1']);
    expect((await get(exporter, '/anagraficaarticoli/articoli/export?columns=prezzo_acquisto')).status).toBe(403);
    const office = await get(admin, '/anagraficaarticoli/articoli/export?columns=codice,prezzo_acquisto');
    expect(csvLines(office.raw.body)).toEqual(['Codice;Prezzo di acquisto (€)', 'VALV-1;7']);
  });

  it('a caller who may write articles but not prices keeps the prices: an update neither changes nor clears them', async () => {
    const { c, admin, id } = await company();
    const g = await post(admin, '/gruppi/gruppo', {
      name: 'Magazzino',
      membri: [c.user('tech').id],
      permissions: { anagrafica_articoli: flags(true, true) },
    });
    expect(g.status, JSON.stringify(g.json)).toBe(200);
    const store = await c.login('tech');
    // Prices sent are ignored, prices left out are kept.
    const changed = await post(store, '/anagraficaarticoli/articoli', {
      id,
      codice: 'VALV-1',
      descrizione: 'Valvola a sfera 1/2"',
      prezzo_vendita: '0.01',
      prezzo_acquisto: '0.01',
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.item).toMatchObject({ descrizione: 'Valvola a sfera 1/2"', prezzo_vendita: null });
    const omitted = await post(store, '/anagraficaarticoli/articoli', { id, codice: 'VALV-1', descrizione: 'Valvola' });
    expect(omitted.status).toBe(200);
    const seen = (await get(admin, '/anagraficaarticoli/articoli-filtered?codice=VALV')).json.items[0];
    expect(seen).toMatchObject({ descrizione: 'Valvola', prezzo_vendita: '12.50', prezzo_acquisto: '7.00' });
    // A new article of theirs has no price.
    const fresh = await post(store, '/anagraficaarticoli/articoli', {
      codice: 'NEW-1',
      descrizione: 'Nuovo',
      prezzo_vendita: '5',
    });
    expect(fresh.status).toBe(200);
    const all = (await get(admin, '/anagraficaarticoli/articoli/all')).json.items;
    expect(all.find((a: any) => a.codice === 'NEW-1').prezzo_vendita).toBeNull();
    // With read (not write) on prices they see them, and still cannot change them.
    await post(admin, '/gruppi/gruppo', {
      id: g.json.gruppo.id,
      name: 'Magazzino',
      membri: [c.user('tech').id],
      permissions: { anagrafica_articoli: flags(true, true), prezzi: flags(true, false) },
    });
    const reader = await c.login('tech');
    const read = await post(reader, '/anagraficaarticoli/articoli', {
      id,
      codice: 'VALV-1',
      descrizione: 'Valvola',
      prezzo_vendita: '1',
      prezzo_acquisto: null,
    });
    expect(read.json.item).toMatchObject({ prezzo_vendita: '12.50', prezzo_acquisto: '7.00' });
  });

  it('a CSV import by a caller without the prices permission cannot map the prices', async () => {
    const { c, admin } = await company();
    await post(admin, '/gruppi/gruppo', {
      name: 'Magazzino',
      membri: [c.user('tech').id],
      permissions: { anagrafica_articoli: flags(true, true) },
    });
    const store = await c.login('tech');
    const tables = (await get(store, '/imports/mapping-tables')).json.items;
    const fields = tables.find((x: any) => x.table === 'articoli').fields.map((f: any) => f.name);
    expect(fields).toContain('codice');
    expect(fields).not.toContain('prezzo_vendita');
    expect(fields).not.toContain('prezzo_acquisto');
    const up = await uploadMapping(
      t,
      store,
      { table: 'articoli', separator: ';', headerInFirstLine: 'true' },
      { name: 'a.csv', content: Buffer.from('codice;descrizione;prezzo_vendita\nVALV-1;Valvola;0,01\n') },
    );
    expect(up.status, JSON.stringify(up.json)).toBe(200);
    // Not proposed…
    expect(up.json.item.mapping.map((m: any) => m.field)).toEqual(['codice', 'descrizione']);
    // …and refused when asked.
    const started = await post(store, '/imports/import', {
      id: up.json.item.id,
      mapping: [
        { column: 0, field: 'codice' },
        { column: 1, field: 'descrizione' },
        { column: 2, field: 'prezzo_vendita' },
      ],
    });
    expect(started.status).toBe(403);
    expect((await get(admin, '/anagraficaarticoli/articoli-filtered?codice=VALV')).json.items[0].prezzo_vendita).toBe(
      '12.50',
    );
  });
});
