import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../test/harness.js';
import { createCompany } from '../../test/factories.js';
import { bulkClienti } from './customers/test-helpers.js';

let t: TestApp;
const sql = (q: string, p?: unknown[]) => t.deps.database.executeSql(q, p);
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

async function xlsxRows(raw: { rawPayload: Buffer }) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('list exports', () => {
  it('write the filtered customers in the list order, as CSV and XLSX, with the chosen columns and no formula', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    await bulkClienti(sql, c.company.id, 1203, 'Torinese');
    await sql(
      `insert into clienti (azienda_id, ragione_sociale, codice, citta, km_viaggio) values
       ($1, '=HYPERLINK("http://x";"y")', 'F1', 'Forlì', 12.5), ($1, 'Altro', 'A1', 'Cesena', null)`,
      [c.company.id],
    );
    const url =
      '/api/clienti/clienti/export?provincia=TO&sort=ragione_sociale&dir=desc&columns=codice,ragione_sociale,citta';
    const csv = await call(t.app, 'GET', url, admin);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('clienti.csv');
    const lines = csvLines(csv.raw.body);
    expect(lines[0]).toBe('Codice;Ragione sociale;Città');
    expect(lines).toHaveLength(1 + 601); // the even ones are in Turin
    expect(lines[1]).toBe('C1202;Torinese 001202;Torino');
    expect(lines.at(-1)).toBe('C2;Torinese 000002;Torino');

    const formula = await call(
      t.app,
      'GET',
      '/api/clienti/clienti/export?q=forli&columns=ragione_sociale,km_viaggio,citta',
      admin,
    );
    expect(csvLines(formula.raw.body)).toEqual([
      'Ragione sociale;Km viaggio;Città',
      `"'=HYPERLINK(""http://x"";""y"")";12,5;Forlì`,
    ]);

    const xlsx = await call(
      t.app,
      'GET',
      '/api/clienti/clienti/export?format=xlsx&q=forli&columns=ragione_sociale,km_viaggio',
      admin,
    );
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(await xlsxRows(xlsx.raw)).toEqual([
      ['Ragione sociale', 'Km viaggio'],
      [`'=HYPERLINK("http://x";"y")`, 12.5],
    ]);
    const all = await xlsxRows((await call(t.app, 'GET', '/api/clienti/clienti/export?format=xlsx', admin)).raw);
    expect(all).toHaveLength(1 + 1205);

    // A reader exports with the data-export area (a group gives it); a wrong column is refused; another company sees only its own.
    expect((await call(t.app, 'GET', '/api/clienti/clienti/export', await c.login('tech'))).status).toBe(403);
    const read = {
      userRead: true,
      userWrite: false,
      userDelete: false,
      companyRead: true,
      companyWrite: false,
      companyDelete: false,
    };
    const g = await call(t.app, 'POST', '/api/gruppi/gruppo', {
      ...admin,
      body: {
        name: 'Lettori',
        membri: [c.user('tech').id],
        permissions: { anagrafica_clienti: read, esportazione_dati: read },
      },
    });
    expect(g.status, JSON.stringify(g.json)).toBe(200);
    const tech = await c.login('tech');
    expect((await call(t.app, 'GET', '/api/clienti/clienti/export', tech)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/clienti/clienti/export?columns=codice,segreto', admin)).status).toBe(400);
    const other = await createCompany(t);
    const otherAdmin = await other.login('admin');
    expect(csvLines((await call(t.app, 'GET', '/api/clienti/clienti/export', otherAdmin)).raw.body)).toHaveLength(1);
  });

  it('write the filtered articles with prices as numbers', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    await sql(
      `insert into articoli (azienda_id, codice, descrizione, prezzo_vendita, aliquota_iva, natura_iva) values
       ($1, 'VS-12', 'Valvola a sfera', 2450.5, 10, null), ($1, 'VF-50', 'Valvola a farfalla', null, 0, 'N4'),
       ($1, 'TS-1', '+Termostato', 3, null, null)`,
      [c.company.id],
    );
    const csv = await call(t.app, 'GET', '/api/anagraficaarticoli/articoli/export?q=valvola', admin);
    expect(csvLines(csv.raw.body)).toEqual([
      'Codice;Riferimento esterno;Descrizione;Unità di misura;Prezzo di vendita (€);Prezzo di acquisto (€);Aliquota IVA %;Natura IVA;Note',
      'VF-50;;Valvola a farfalla;;;;0;N4;',
      'VS-12;;Valvola a sfera;;2450,5;;10;;',
    ]);
    const xlsx = await xlsxRows(
      (
        await call(
          t.app,
          'GET',
          '/api/anagraficaarticoli/articoli/export?format=xlsx&columns=descrizione,prezzo_vendita&sort=descrizione',
          admin,
        )
      ).raw,
    );
    expect(xlsx).toEqual([
      ['Descrizione', 'Prezzo di vendita (€)'],
      ["'+Termostato", 3],
      ['Valvola a farfalla'],
      ['Valvola a sfera', 2450.5],
    ]);
  });
});
