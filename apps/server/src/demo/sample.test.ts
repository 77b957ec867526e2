import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidVatNumber } from '@fs/contract';
import type { Db } from '../platform/db/client.js';
import { call, startTestApp, type TestApp } from '../test/harness.js';
import { createCompany } from '../test/factories.js';
import { fatturaPaSchemaErrors } from '../test/fatturapa-xsd.js';
import { SAMPLE, seedSampleData } from './sample.js';
import { SAMPLE_CONTRACTS, seedSampleContracts } from './sample-contracts.js';
import { romeInstant, SAMPLE_REPORTS, seedSampleReports, TODAY_APPOINTMENTS } from './sample-reports.js';

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
      expect(isValidVatNumber(k.partita_iva)).toBe(true);
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
    // Lived-in VAT: most at the company's default, some parts at 10%, a few exempt (N4).
    const vat = await t.deps.database.executeSql(
      `select aliquota_iva::text as a, natura_iva as n, count(*)::int as c from articoli where azienda_id = $1
       group by 1, 2 order by 1 nulls first`,
      [c.company.id],
    );
    expect(vat.rows).toEqual([
      { a: null, n: null, c: 103 },
      { a: '0.00', n: 'N4', c: 4 },
      { a: '10.00', n: null, c: 13 },
    ]);

    const jobs = (await call(t.app, 'GET', '/api/mansioni/mansioni', s)).json.items;
    expect(jobs.map((j: { nome: string }) => j.nome)).toEqual([
      'Climatizzazione',
      'Impianti idraulici',
      'Manutenzione caldaie',
      'Verifica impianti elettrici',
    ]);
    // A sample job role is a real one: the technician holds it, so it cannot go (0032).
    const held = jobs.find((j: { nome: string }) => j.nome === 'Manutenzione caldaie');
    const del = await call(t.app, 'DELETE', `/api/mansioni/mansione/${held.id}`, s);
    expect([del.status, del.json.code]).toEqual([403, '0032']);
  });
});

describe("the demo company's sample work reports", () => {
  // Its own timeout: it seeds 90 days of reports and then writes FatturaPA files of some (30 s was tight on a busy machine).
  it(
    'gives reports in every state over 90 days, numbered, priced, and each technician two appointments today',
    { timeout: 90_000 },
    async () => {
      const c = await createCompany(t);
      await (t.deps.db as Db).transaction((tx) => seedSampleData(tx, c.company.id, [c.user('tech').id]));
      await seedSampleReports(t.deps, c.company.id);
      const s = await c.login('admin');
      const all = await call(t.app, 'GET', '/api/rapportini/rapportini/admin?size=100', s);
      const techs = 1;
      expect(all.json.totaleElementi).toBe(SAMPLE_REPORTS + techs * TODAY_APPOINTMENTS.length);
      const states = new Set(all.json.items.map((r: { stato: string }) => r.stato));
      expect([...states].sort()).toEqual(['APERTO', 'CHIUSO', 'NUOVO']);
      expect(all.json.items.some((r: { completato: boolean }) => r.completato)).toBe(true);
      const numbers = all.json.items.map((r: { numero_assistenza: string }) => r.numero_assistenza);
      expect(new Set(numbers).size).toBe(numbers.length);

      // Closed reports with the 10% and exempt demo articles are valid FatturaPA files once the company has its address
      // (the demo's seed sets it).
      await t.deps.database.executeSql(
        `update aziende set indirizzo = 'Via Emilia Ponente 120', cap = '40133', citta = 'Bologna', provincia = 'BO' where id = $1`,
        [c.company.id],
      );
      const withRates = await t.deps.database.executeSql(
        `select distinct on (a.aliquota_iva) r.id from rapportini r
       join rapportini_materiali m on m.azienda_id = r.azienda_id and m.rapportino_id = r.id
       join articoli a on a.azienda_id = r.azienda_id and a.id = m.articolo_id
       where r.azienda_id = $1 and r.stato = 'CHIUSO' order by a.aliquota_iva, r.id`,
        [c.company.id],
      );
      const rates = new Set<string>();
      for (const { id } of withRates.rows as { id: string }[]) {
        const f = await call(t.app, 'GET', `/api/rapportini/export/xml-fatturapa/${id}`, s);
        expect(f.status, f.raw.body).toBe(200);
        expect(fatturaPaSchemaErrors(f.raw.body)).toEqual([]);
        for (const m of f.raw.body.matchAll(/<AliquotaIVA>([\d.]+)<\/AliquotaIVA>\s*(?:<Natura>(N[\d.]+)<\/Natura>)?/g))
          rates.add(m[2] ? `${m[1]} ${m[2]}` : m[1]!);
      }
      expect([...rates].sort()).toEqual(['0.00 N4', '10.00', '22.00']);
      const dates = all.json.items.map((r: { data_apertura: string }) => r.data_apertura).sort();
      const span = (Date.parse(dates.at(-1)) - Date.parse(dates[0])) / 86_400_000;
      expect(span).toBeGreaterThanOrEqual(85);
      expect(span).toBeLessThanOrEqual(90);
      expect(all.json.items.filter((r: { totale: string | null }) => Number(r.totale) > 0).length).toBeGreaterThan(40);
      // Most closed reports are signed by the customer.
      const closed = all.json.items.filter((r: { stato: string }) => r.stato === 'CHIUSO');
      const signed = [];
      for (const r of closed.slice(0, 8)) {
        const one = await call(t.app, 'GET', `/api/rapportini/rapportini/admin/${r.id}`, s);
        if (one.json.item.firma) signed.push(one.json.item.firma);
      }
      expect(signed.length).toBeGreaterThanOrEqual(5);
      expect(signed[0]).toMatchObject({ firmatario: expect.any(String), remoto: false });

      const tech = await c.login('tech');
      const today = await call(t.app, 'GET', '/api/rapportini/rapportini/todos?quando=oggi', tech);
      const appointed = today.json.items.filter((r: { data_appuntamento: string | null }) => r.data_appuntamento);
      expect(appointed).toHaveLength(2);
      const times = appointed.map((r: { data_appuntamento: string }) =>
        new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }).format(
          new Date(r.data_appuntamento),
        ),
      );
      expect(times).toEqual(['09:00', '14:30']);
      expect(appointed[0].luogo).toBeTruthy();
    },
  );

  it('places a Rome wall-clock time at the right instant in winter and in summer', () => {
    expect(romeInstant('2026-01-15', '09:00')).toBe('2026-01-15T08:00:00.000Z');
    expect(romeInstant('2026-07-15', '09:00')).toBe('2026-07-15T07:00:00.000Z');
    expect(romeInstant('2026-03-29', '14:30')).toBe('2026-03-29T12:30:00.000Z');
  });
});

describe("the demo company's sample contracts", () => {
  it('gives both kinds, hours partly used (one under the warning), one expiring with its notice, one ceased, overdue dates', async () => {
    const c = await createCompany(t);
    await (t.deps.db as Db).transaction((tx) => seedSampleData(tx, c.company.id, [c.user('tech').id]));
    await seedSampleContracts(t.deps, c.company.id);
    const s = await c.login('admin');
    const list = await call(t.app, 'GET', '/api/contratti/contratti-filtered?size=50', s);
    expect(list.status, JSON.stringify(list.json)).toBe(200);
    expect(list.json.totaleElementi).toBe(SAMPLE_CONTRACTS);
    const rows = list.json.items as { tipo: string; stato: string; ore_residue: string | null }[];
    expect(new Set(rows.map((r) => r.tipo))).toEqual(new Set(['manutenzione', 'chiamata']));
    expect(rows.map((r) => r.stato).sort()).toEqual(['attivo', 'attivo', 'attivo', 'attivo', 'cessato', 'in_scadenza']);
    expect(
      rows
        .map((r) => r.ore_residue)
        .filter(Boolean)
        .sort(),
    ).toEqual(['14.00', '8.50']);
    const expiring = await call(t.app, 'GET', '/api/contratti/contratti-filtered?scadenza_giorni=30', s);
    expect(expiring.json.totaleElementi).toBeGreaterThanOrEqual(1);
    // Reports on contracts, activity dates done through them, and an overdue one.
    const onContracts = await t.deps.database.executeSql(
      `select count(*)::int as n from rapportini where azienda_id = $1 and contratto_id is not null and stato = 'CHIUSO'`,
      [c.company.id],
    );
    expect((onContracts.rows[0] as { n: number }).n).toBeGreaterThanOrEqual(8);
    const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
    const range = await call(
      t.app,
      'GET',
      `/api/attivita/attivita/start/${ymd(new Date())}/end/${ymd(new Date(Date.now() + 60 * 86_400_000))}`,
      s,
    );
    expect(range.status).toBe(200);
    expect(range.json.items.length).toBeGreaterThan(0);
    expect(range.json.scadute.length).toBeGreaterThan(0);
  });
});
