import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayIn } from '@fs/contract';
import type { Db } from '../../../platform/db/client.js';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { seedSampleData } from '../../../demo/sample.js';
import { seedSampleClocking } from '../../../demo/sample-clocking.js';
import { seedSampleContracts } from '../../../demo/sample-contracts.js';
import { seedSampleReports } from '../../../demo/sample-reports.js';
import { seedSampleStatistics } from '../../../demo/sample-statistics.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ACCESS_TOKEN_TTL_SEC: '86400' });
});
afterAll(() => t?.close());

/** The demo company's sample data (as the server's start seeds it) fills every statistics tab at once. */
describe("the demo company's statistics", () => {
  it('every tab has figures over the last 30 days and the last 12 months', { timeout: 180_000 }, async () => {
    const c = await createCompany(t);
    await (t.deps.db as Db).transaction((tx) => seedSampleData(tx, c.company.id, [c.user('tech').id]));
    await seedSampleContracts(t.deps, c.company.id);
    await seedSampleStatistics(t.deps, c.company.id);
    await seedSampleReports(t.deps, c.company.id);
    await seedSampleClocking(t.deps, c.company.id);
    const s = await c.login('admin');
    const get = async (path: string) => {
      const r = await call(t.app, 'GET', `/api${path}`, s);
      expect(r.status, `${path}: ${JSON.stringify(r.json)}`).toBe(200);
      return r.json;
    };
    const today = dayIn(new Date(), 'Europe/Rome');
    for (const from of [addDays(today, -364), addDays(today, -29)]) {
      const q = `startDate=${from}&endDate=${today}`;
      const g = await get(`/stats/stats/${from}/${today}`);
      expect(g.corrente.rapportini.totale, from).toBeGreaterThan(0);
      expect(g.corrente.rapportiniChiusi).toBeGreaterThan(0);
      expect(g.corrente.oreLavoro).toBeGreaterThan(0);
      expect(g.corrente.ricavi).toBeGreaterThan(0);
      expect((await get(`/v2/stats/clienti?${q}`)).righe.length).toBeGreaterThan(0);
      const k = await get(`/stats/contratti/over-all?${q}`);
      expect(k.attivi).toBeGreaterThan(0);
      expect(k.chiamata.contratti).toBeGreaterThan(0);
      expect((await get(`/v2/stats/contratti?${q}`)).righe.length, from).toBeGreaterThan(0);
      const m = await get(`/v2/stats/contratti-manutenzione?${q}`);
      expect(m.righe.length, from).toBeGreaterThan(0);
      const tech = await get(`/stats/tecnici/over-all?${q}`);
      expect(tech.oreTimbrateLavoro).toBeGreaterThan(0);
      expect(tech.rapportiniChiusi).toBeGreaterThan(0);
    }
    const e = await get('/stats/contratti/in-scadenza');
    expect(e.contratti.length + e.attivitaScadute.length).toBeGreaterThan(0);
  });
});
