import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { importCsv, uploadMapping } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/**
 * The job on rows that all fail validation (they never reach the table):
 * progress to 100 %, the report with reasons (JSON pages and CSV), one import
 * at a time. Imports that write rows are tested with the customers and articles tables.
 */
describe('import job', () => {
  it('reads a multi-thousand-row Windows-1252 file with tab separators and reports every rejected row with its reasons', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const lines = ['Codice\tDescrizione\tUM'];
    for (let i = 1; i <= 2500; i++) lines.push(`ART-${i}\t\tpz`); // description required: every row refused
    lines.push(`${'X'.repeat(60)}\tPiù lungo del consentito\tpz`);
    const { final, seen } = await importCsv(t, s, 'articoli', Buffer.from(lines.join('\r\n') + '\r\n', 'latin1'), {
      separator: 'tab',
    });
    expect(final).toMatchObject({
      status: 'completed',
      percentuale: 100,
      righeLette: 2501,
      creati: 0,
      aggiornati: 0,
      scartati: 2501,
      errore: null,
    });
    expect(seen.every((x: any) => x.percentuale >= 0 && x.percentuale <= 100)).toBe(true);

    const page = await call(t.app, 'GET', `/api/imports/import/${final.id}/scarti?offset=2499&limit=10`, s);
    expect(page.status).toBe(200);
    expect(page.json.totaleElementi).toBe(2501);
    expect(page.json.items).toEqual([
      {
        riga: 2501,
        errors: [{ field: 'descrizione', code: 'required', message: 'descrizione: obbligatorio' }],
        values: ['ART-2500', '', 'pz'],
      },
      {
        riga: 2502,
        errors: [{ field: 'codice', code: 'too_long', message: 'codice: al massimo 50 caratteri' }],
        values: ['X'.repeat(60), 'Più lungo del consentito', 'pz'],
      },
    ]);

    // Past the middle the page is read from the end (backwards paging): the same rows, in order.
    const far = await call(t.app, 'GET', `/api/imports/import/${final.id}/scarti?offset=2000&limit=5`, s);
    expect(far.json.items.map((x: any) => x.riga)).toEqual([2002, 2003, 2004, 2005, 2006]);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/imports/import/${final.id}/scarti.csv`,
      headers: { authorization: `Bearer ${s.token}`, 'device-id': s.deviceId, source: 'WEB' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('scarti-articoli.csv');
    const rows = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(rows).toHaveLength(2502);
    expect(rows[0]!.trim()).toBe('riga;motivi');
    expect(rows[2501]!.trim()).toBe(
      `2502;codice: al massimo 50 caratteri;${'X'.repeat(60)};Più lungo del consentito;pz`,
    );

    const list = await call(t.app, 'GET', '/api/imports/imports', s);
    expect(list.json.items.map((x: any) => x.id)).toEqual([final.id]);
  });

  it('starts one import at a time per company and refuses starting the same upload twice', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const body = Buffer.from('codice;descrizione\n' + Array.from({ length: 3000 }, (_, i) => `A${i};`).join('\n'));
    const up = async () =>
      (
        await uploadMapping(
          t,
          s,
          { table: 'articoli', separator: ';', headerInFirstLine: 'true' },
          { name: 'a.csv', content: body },
        )
      ).json.item;
    const first = await up();
    const second = await up();
    const a = await call(t.app, 'POST', '/api/imports/import', {
      ...s,
      body: { id: first.id, mapping: first.mapping },
    });
    expect(a.status).toBe(200);
    expect(['queued', 'running']).toContain(a.json.item.status);
    const b = await call(t.app, 'POST', '/api/imports/import', {
      ...s,
      body: { id: second.id, mapping: second.mapping },
    });
    expect(b.status).toBe(409);
    expect(b.json.code).toBe('CONFLICT');
    const again = await call(t.app, 'POST', '/api/imports/import', {
      ...s,
      body: { id: first.id, mapping: first.mapping },
    });
    expect(again.status).toBe(409);
    // Another company is not held up by this one.
    const other = await createCompany(t);
    const so = await other.login('admin');
    const o = (
      await uploadMapping(
        t,
        so,
        { table: 'articoli', separator: ';', headerInFirstLine: 'true' },
        { name: 'a.csv', content: body },
      )
    ).json.item;
    expect(
      (await call(t.app, 'POST', '/api/imports/import', { ...so, body: { id: o.id, mapping: o.mapping } })).status,
    ).toBe(200);
  });

  it('lets a technician without write permission neither start nor see imports of customers', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const m = (
      await uploadMapping(
        t,
        admin,
        { table: 'clienti', separator: ';', headerInFirstLine: 'true' },
        { name: 'c.csv', content: Buffer.from('ragione_sociale\nRossi\n') },
      )
    ).json.item;
    const tech = await c.login('tech');
    const r = await call(t.app, 'POST', '/api/imports/import', { ...tech, body: { id: m.id, mapping: m.mapping } });
    expect(r.status).toBe(403);
    expect((await call(t.app, 'GET', '/api/imports/imports', tech)).json.items).toEqual([]);
  });
});
