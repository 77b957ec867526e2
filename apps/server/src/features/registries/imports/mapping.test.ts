import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { uploadMapping } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const csv = (s: string, enc: BufferEncoding = 'utf8') => Buffer.from(s, enc);

describe('GET /imports/mapping-tables', () => {
  it('lists customers and articles with their fields for an administrator, nothing for a technician', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const r = await call(t.app, 'GET', '/api/imports/mapping-tables', admin);
    expect(r.status).toBe(200);
    expect(r.json.items.map((i: any) => i.table)).toEqual(['clienti', 'articoli']);
    const clienti = r.json.items[0];
    expect(clienti.permission).toBe('anagrafica_clienti');
    expect(clienti.fields.find((f: any) => f.name === 'ragione_sociale')).toMatchObject({
      required: true,
      type: 'text',
    });
    expect(clienti.fields.find((f: any) => f.name === 'partita_iva')).toMatchObject({ type: 'partita_iva', key: true });
    const tech = await c.login('tech');
    const rt = await call(t.app, 'GET', '/api/imports/mapping-tables', tech);
    expect(rt.status).toBe(200);
    expect(rt.json.items).toEqual([]);
  });
});

describe('POST /imports/mapping', () => {
  it('answers 400 naming every missing field', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const r = await uploadMapping(t, admin, { table: 'clienti' });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('VALIDATION');
    expect(r.json.fields.map((f: any) => f.path).sort()).toEqual(['file', 'headerInFirstLine', 'separator']);
    const bad = await uploadMapping(
      t,
      admin,
      { table: 'fatture', separator: '|', headerInFirstLine: 'forse' },
      { name: 'a.csv', content: csv('a;b\n1;2\n') },
    );
    expect(bad.status).toBe(400);
    expect(bad.json.fields.map((f: any) => f.path).sort()).toEqual(['headerInFirstLine', 'separator', 'table']);
  });

  it('reads a Windows-1252 file with ; and proposes a mapping by header name, with row errors', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const content = csv(
      'Ragione sociale;P.IVA;Codice fiscale;Città;Colonna strana\r\n' +
        'Società Fòrni Srl;12345670017;;Forlì;x\r\n' +
        ';12345678901;XYZ;Bologna;y\r\n' +
        '"Bar ""Da Mario"";snc";;RSSMRA80A01H501U;Roma;z\r\n',
      'latin1',
    );
    const r = await uploadMapping(
      t,
      admin,
      { table: 'clienti', separator: ';', headerInFirstLine: 'true' },
      { name: 'clienti.csv', content },
      true,
    );
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const item = r.json.item;
    expect(item.encoding).toBe('windows-1252');
    expect(item.columns.map((x: any) => x.name)).toEqual([
      'Ragione sociale',
      'P.IVA',
      'Codice fiscale',
      'Città',
      'Colonna strana',
    ]);
    expect(item.mapping).toEqual([
      { column: 0, field: 'ragione_sociale' },
      { column: 1, field: 'partita_iva' },
      { column: 2, field: 'codice_fiscale' },
      { column: 3, field: 'citta' },
    ]);
    expect(item.preview).toHaveLength(3);
    expect(item.preview[0]).toEqual({
      riga: 2,
      values: ['Società Fòrni Srl', '12345670017', '', 'Forlì', 'x'],
      errors: [],
    });
    expect(item.preview[1].errors.map((e: any) => `${e.field}:${e.code}`).sort()).toEqual([
      'codice_fiscale:codice_fiscale',
      'partita_iva:partita_iva_check',
      'ragione_sociale:required',
    ]);
    expect(item.preview[2].values[0]).toBe('Bar "Da Mario";snc');
    expect(item.preview[2].errors).toEqual([]);
  });

  it('reads UTF-8 with a BOM, tab separated, without a header', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const content = csv('\ufeffART-1\tVite àèìòù\tpz\nART-2\tDado\tpz\n');
    const r = await uploadMapping(
      t,
      admin,
      { table: 'articoli', separator: 'tab', headerInFirstLine: 'false' },
      { name: 'a.tsv', content },
    );
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.item).toMatchObject({ encoding: 'utf-8', separator: '\t', headerInFirstLine: false, mapping: [] });
    expect(r.json.item.columns.map((x: any) => x.name)).toEqual(['#1', '#2', '#3']);
    expect(r.json.item.preview.map((p: any) => p.values)).toEqual([
      ['ART-1', 'Vite àèìòù', 'pz'],
      ['ART-2', 'Dado', 'pz'],
    ]);
  });

  it('refuses a binary file (415) and users without write permission (403)', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const bin = await uploadMapping(
      t,
      admin,
      { table: 'clienti', separator: ';', headerInFirstLine: 'true' },
      { name: 'x.csv', content: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2]) },
    );
    expect(bin.status).toBe(415);
    const tech = await c.login('tech');
    const r = await uploadMapping(
      t,
      tech,
      { table: 'clienti', separator: ';', headerInFirstLine: 'true' },
      { name: 'a.csv', content: csv('a;b\n') },
    );
    expect(r.status).toBe(403);
    expect(r.json.code).toBe('FORBIDDEN');
  });
});

describe('POST /imports/import', () => {
  it("refuses a mapping without the required fields, unknown fields and another company's upload", async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const sa = await a.login('admin');
    const sb = await b.login('admin');
    const m = await uploadMapping(
      t,
      sa,
      { table: 'articoli', separator: ',', headerInFirstLine: 'true' },
      { name: 'a.csv', content: csv('codice,descrizione\nA1,Uno\n') },
    );
    expect(m.status).toBe(200);
    const id = m.json.item.id;
    const missing = await call(t.app, 'POST', '/api/imports/import', {
      ...sa,
      body: { id, mapping: [{ column: 0, field: 'codice' }] },
    });
    expect(missing.status).toBe(400);
    expect(missing.json.fields.map((f: any) => f.path)).toEqual(['mapping.descrizione']);
    const unknown = await call(t.app, 'POST', '/api/imports/import', {
      ...sa,
      body: {
        id,
        mapping: [
          { column: 0, field: 'prezzo_segreto' },
          { column: 1, field: 'descrizione' },
          { column: 0, field: 'codice' },
        ],
      },
    });
    expect(unknown.status).toBe(400);
    const foreign = await call(t.app, 'POST', '/api/imports/import', {
      ...sb,
      body: { id, mapping: m.json.item.mapping },
    });
    expect(foreign.status).toBe(404);
    expect((await call(t.app, 'GET', `/api/imports/import/${id}`, sb)).status).toBe(404);
  });
});
