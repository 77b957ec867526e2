import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { day, reportCompany, type S } from './test-helpers.js';

/**
 * The "other" export tool (issue 29, decision 0052): one report as JSON (the report as read plus its accounting
 * document with the VAT of each line) and as CSV (one row per price line), with the report's access rules.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const json = (s: S, id: string) => call(t.app, 'GET', `/api/rapportini/export/json/${id}`, s);
const csv = (s: S, id: string) => call(t.app, 'GET', `/api/rapportini/export/csv/${id}`, s);

/** A report for the technician: 2,5 h, 30 km, two 10% articles and one exempt (N4). */
async function setup() {
  const x = await reportCompany(t);
  const article = async (codice: string, aliquota_iva: string, natura_iva?: string) => {
    const a = await x.post(x.admin, '/anagraficaarticoli/articoli', {
      codice,
      descrizione: codice,
      unita_misura: 'pz',
      prezzo_vendita: '12.50',
      aliquota_iva,
      natura_iva,
    });
    expect(a.status, JSON.stringify(a.json)).toBe(200);
    return a.json.item.id as string;
  };
  const r10 = await article('R10', '10');
  const exempt = await article('ESE', '0', 'N4');
  const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
    cliente_id: x.clienteId,
    data_apertura: '2026-11-03',
    motivazione: 'Caldaia in blocco',
    tecnici_ids: [x.techId],
    giornate: [day(x.techId, '2026-11-03', { totale_ore: '2,5', km_viaggio: '30' })],
    materiali: [
      { articolo_id: r10, descrizione: 'Ricambio; pompa', quantita: '2' },
      { articolo_id: exempt, descrizione: '=Verifica esente', quantita: '1' },
    ],
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return { x, report: r.json.item as { id: string; numero_assistenza: string; prezzi: { totale: string } } };
}

describe('one report as JSON and CSV', () => {
  it('answers the report and its accounting document with the VAT of every line as a JSON file', async () => {
    const { x, report } = await setup();
    const r = await json(x.admin, report.id);
    expect(r.status, r.raw.body).toBe(200);
    expect(r.headers['content-type']).toContain('application/json');
    expect(r.headers['content-disposition']).toContain(
      `rapportino-${report.numero_assistenza.replace(/[^\w.-]+/g, '-')}`,
    );
    const body = JSON.parse(r.raw.body);
    expect(body.formato).toBe('rapportino/1');
    expect(body.rapportino).toMatchObject({ id: report.id, numero_assistenza: report.numero_assistenza });
    expect(body.documento.totale).toBe(report.prezzi.totale);
    expect(body.documento.cliente.ragione_sociale).toBe('Idraulica Verdi S.n.c.');
    const lines = body.documento.righe as {
      voce: string;
      codice: string | null;
      aliquota_iva: string;
      natura_iva: string | null;
    }[];
    expect(lines.map((l) => l.voce)).toEqual(expect.arrayContaining(['ore', 'km', 'materiale']));
    expect(lines.find((l) => l.codice === 'R10')).toMatchObject({ aliquota_iva: '10.00', natura_iva: null });
    expect(lines.find((l) => l.codice === 'ESE')).toMatchObject({ aliquota_iva: '0.00', natura_iva: 'N4' });
    expect(lines.find((l) => l.voce === 'ore')).toMatchObject({ aliquota_iva: '22.00', quantita: '2.50' });
  });

  it('answers one CSV row per price line, Italian decimals and dates, no formula', async () => {
    const { x, report } = await setup();
    const r = await csv(x.admin, report.id);
    expect(r.status, r.raw.body).toBe(200);
    expect(r.headers['content-type']).toContain('text/csv');
    expect(r.raw.body.charCodeAt(0)).toBe(0xfeff);
    const rows = r.raw.body.slice(1).trim().split(/\r?\n/);
    expect(rows[0]).toBe(
      'Numero;Data;Cliente;Partita IVA;Codice fiscale;Voce;Codice;Descrizione;Quantità;Unità;Prezzo unitario;Importo;Aliquota IVA;Natura IVA',
    );
    const jsonLines = JSON.parse((await json(x.admin, report.id)).raw.body).documento.righe;
    expect(rows).toHaveLength(1 + jsonLines.length);
    const r10 = rows.find((l) => l.includes(';R10;'))!;
    expect(r10).toContain(';03/11/2026;');
    expect(r10).toContain('"Ricambio; pompa";2;pz;12,5;25;10;');
    expect(rows.find((l) => l.includes(';ESE;'))).toMatch(/;'=Verifica esente;1;pz;12,5;12,5;0;N4$/);
  });

  it('keeps the report access rules and the prices permission', async () => {
    const { x, report } = await setup();
    // The technician reads the report without prices: no document in the JSON, no CSV.
    const tech = await json(x.tech, report.id);
    expect(tech.status, tech.raw.body).toBe(200);
    expect(JSON.parse(tech.raw.body).documento).toBeNull();
    expect((await csv(x.tech, report.id)).status).toBe(403);
    // Another company's admin finds nothing.
    const other = await setup();
    expect((await json(other.x.admin, report.id)).status).toBe(404);
    expect((await csv(other.x.admin, report.id)).status).toBe(404);
  });
});
