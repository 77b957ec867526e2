import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { day, reportCompany } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('the report list export', () => {
  it('writes the filtered reports in the list order, with Italian dates and decimals, totals only with prices', async () => {
    const x = await reportCompany(t);
    const mk = (over: Record<string, unknown>) =>
      x.post(x.admin, '/rapportini/rapportino/lavorazione', { cliente_id: x.clienteId, ...over });
    await mk({
      data_apertura: '2026-10-01',
      motivazione: '=cmd|calc',
      tipo_intervento: 'garanzia',
      tecnici_ids: [x.techId],
      giornate: [day(x.techId, '2026-10-01', { totale_ore: '2.5' })],
    });
    await mk({ data_apertura: '2026-10-15', tecnici_ids: [x.adminId] });
    await mk({ data_apertura: '2026-11-05', tecnici_ids: [x.techId] });
    const url = (q: string) => `/api/rapportini/rapportini/export?${q}`;

    const csv = await call(
      t.app,
      'GET',
      url(
        'dal=2026-09-01&al=2026-10-31&columns=numero_assistenza,data_apertura,tipo_intervento,motivazione,totale_ore,totale',
      ),
      x.admin,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toContain('interventi.csv');
    const lines = csvLines(csv.raw.body);
    expect(lines[0]).toBe('Numero;Data apertura;Tipo di intervento;Motivazione;Ore;Totale IVA esclusa');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe('2026/00002;15/10/2026;;;0;0');
    // Hours 2.5 at the company's 40.00 an hour; the formula-looking reason is neutralised.
    expect(lines[2]).toBe(`2026/00001;01/10/2026;In garanzia;'=cmd|calc;2,5;100`);

    const xlsx = await call(t.app, 'GET', url('format=xlsx&columns=numero_assistenza,totale_ore&dir=asc'), x.admin);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.raw.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toEqual([
      ['Numero', 'Ore'],
      ['2026/00001', 2.5],
      ['2026/00002', 0],
      ['2026/00003', 0],
    ]);

    // A technician exports only with the data-export area; then their own reports, without the total's column (a price).
    expect((await call(t.app, 'GET', url('columns=numero_assistenza'), x.tech)).status).toBe(403);
    const own = {
      userRead: true,
      userWrite: true,
      userDelete: false,
      companyRead: false,
      companyWrite: false,
      companyDelete: false,
    };
    const g = await x.post(x.admin, '/gruppi/gruppo', {
      name: 'Tecnici che esportano',
      membri: [x.techId],
      permissions: { gestione_interventi: own, esportazione_dati: { ...own, userWrite: false } },
    });
    expect(g.status, JSON.stringify(g.json)).toBe(200);
    const tech = await x.c.login('tech');
    const mine = csvLines((await call(t.app, 'GET', url('columns=numero_assistenza,tecnici,totale'), tech)).raw.body);
    expect(mine).toEqual([
      'Numero;Tecnici',
      expect.stringMatching(/^2026\/00003;[^;]+$/),
      expect.stringMatching(/^2026\/00001;[^;]+$/),
    ]);
    expect((await call(t.app, 'GET', url('columns=totale'), tech)).status).toBe(403);
    expect((await call(t.app, 'GET', url('columns=nope'), x.admin)).status).toBe(400);
  });
});
