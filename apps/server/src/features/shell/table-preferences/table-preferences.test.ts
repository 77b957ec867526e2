import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMERS_TABLE } from '@fs/contract';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('table preferences', () => {
  it('answers the defaults, saves a choice per user within min and max, and resets it', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const tech = await c.login('tech');
    const first = await call(t.app, 'GET', '/api/tabelle/tabella/clienti', admin);
    expect(first.status).toBe(200);
    expect(first.json.item).toMatchObject({
      table: 'clienti',
      minColumns: CUSTOMERS_TABLE.minColumns,
      maxColumns: CUSTOMERS_TABLE.maxColumns,
      selectedColumns: [...CUSTOMERS_TABLE.defaultColumns],
    });
    const saved = await call(t.app, 'POST', '/api/tabelle/preferenza', {
      ...admin,
      body: { tabella: 'clienti', colonne: ['citta', 'ragione_sociale'] },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.item.selectedColumns).toEqual(['citta', 'ragione_sociale']);
    expect((await call(t.app, 'GET', '/api/tabelle/tabella/clienti', admin)).json.item.selectedColumns).toEqual([
      'citta',
      'ragione_sociale',
    ]);
    // Another user of the company keeps the defaults.
    expect((await call(t.app, 'GET', '/api/tabelle/tabella/clienti', tech)).json.item.selectedColumns).toEqual([
      ...CUSTOMERS_TABLE.defaultColumns,
    ]);
    const reset = await call(t.app, 'POST', '/api/tabelle/preferenza', {
      ...admin,
      body: { tabella: 'clienti', colonne: null },
    });
    expect(reset.json.item.selectedColumns).toEqual([...CUSTOMERS_TABLE.defaultColumns]);
  });

  it('refuses too few, too many, unknown and repeated columns, and unknown tables', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const all = CUSTOMERS_TABLE.columns.map((x) => x.key);
    const cases: [string[], string][] = [
      [['ragione_sociale'], 'min'],
      [all.slice(0, CUSTOMERS_TABLE.maxColumns + 1), 'max'],
      [['ragione_sociale', 'password'], 'unknown'],
      [['ragione_sociale', 'ragione_sociale'], 'duplicate'],
    ];
    for (const [colonne, problem] of cases) {
      const r = await call(t.app, 'POST', '/api/tabelle/preferenza', {
        ...admin,
        body: { tabella: 'clienti', colonne },
      });
      expect(r.status, problem).toBe(400);
      expect(r.json).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'colonne', message: problem }] });
    }
    const max = await call(t.app, 'POST', '/api/tabelle/preferenza', {
      ...admin,
      body: { tabella: 'clienti', colonne: all.slice(0, CUSTOMERS_TABLE.maxColumns) },
    });
    expect(max.status).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/tabelle/preferenza', { ...admin, body: { tabella: 'nessuna', colonne: null } }))
        .status,
    ).toBe(404);
    expect((await call(t.app, 'GET', '/api/tabelle/tabella/nessuna', admin)).status).toBe(404);
  });
});
