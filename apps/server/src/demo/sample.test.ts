import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidPartitaIva } from '@fs/contract';
import type { Db } from '../platform/db/client.js';
import { call, startTestApp, type TestApp } from '../test/harness.js';
import { createCompany } from '../test/factories.js';
import { SAMPLE, seedSampleData } from './sample.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe("the demo company's sample registries", () => {
  it('gives customers with plants and machines, articles and job roles held by the technicians, all through the API', async () => {
    const c = await createCompany(t);
    await (t.deps.db as Db).transaction((tx) => seedSampleData(tx, c.company.id, [c.user('tech').id]));
    const s = await c.login('admin');

    const customers = await call(t.app, 'POST', '/api/clienti/clienti/admin', { ...s, body: { size: 100 } });
    expect(customers.json.totaleElementi).toBe(SAMPLE.customers);
    for (const k of customers.json.items) {
      expect(isValidPartitaIva(k.partita_iva)).toBe(true);
      expect(k.ragione_sociale.length).toBeGreaterThan(3);
    }
    const first = customers.json.items[0];
    const contacts = await t.deps.database.executeSql(
      'select nome, email from clienti_recapiti where azienda_id = $1',
      [c.company.id],
    );
    expect(contacts.rows).toHaveLength(SAMPLE.customers - SAMPLE.customers / 3);
    for (const r of contacts.rows) expect(r.email).toMatch(/^referente\d+@[\w.-]+\.example\.it$/);
    const plants = await call(t.app, 'GET', `/api/impianti/cliente/${first.id}`, s);
    expect(plants.json.items.length).toBeGreaterThan(0);
    expect(plants.json.items[0].macchinari_count).toBeGreaterThan(0);

    const articles = await call(t.app, 'POST', '/api/anagraficaarticoli/articoli/admin', { ...s, body: { size: 10 } });
    expect(articles.json.totaleElementi).toBe(SAMPLE.articles);

    const jobs = (await call(t.app, 'GET', '/api/mansioni/mansioni', s)).json.items;
    expect(jobs.map((j: { nome: string }) => j.nome)).toEqual([
      'Climatizzazione',
      'Manutenzione caldaie',
      'Verifica impianti elettrici',
    ]);
    // A sample job role is a real one: the technician holds it, so it cannot go (0032).
    const held = jobs.find((j: { nome: string }) => j.nome === 'Manutenzione caldaie');
    const del = await call(t.app, 'DELETE', `/api/mansioni/mansione/${held.id}`, s);
    expect([del.status, del.json.code]).toEqual([403, '0032']);
  });
});
