import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import type { S } from '../reports/test-helpers.js';
import { addDays, contractCompany, today } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** The text of a PDF, with no-break spaces as plain spaces (Intl writes `2.450,00 €` with one). */
async function textOf(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

const pdfOf = async (s: S, id: string) => {
  const r = await t.app.inject({
    method: 'GET',
    url: `/api/contratti/contratto/preview-pdf/${id}`,
    headers: { authorization: `Bearer ${s.token}`, 'device-id': s.deviceId },
  });
  return {
    status: r.statusCode,
    headers: r.headers,
    body: r.rawPayload,
    text: r.statusCode === 200 ? await textOf(r.rawPayload) : '',
  };
};

const dmy = (d: string) => d.split('-').reverse().join('/');

describe('GET /contratti/contratto/preview-pdf/{id}', () => {
  it('prints the contract in Italian: customer, period, hours, links, prices, activities with their next dates', async () => {
    const x = await contractCompany(t);
    const c = await x.save({
      identificativo: 'CH-2026/07',
      descrizione: 'Assistenza a chiamata centrale termica',
      tipo: 'chiamata',
      ore_contratto: '40',
      data_inizio: '2026-01-01',
      data_fine: '2026-12-31',
      rinnovo_automatico: true,
      impianti: [x.impiantoId],
      macchinari: [x.macchinaId],
      mansioni: [x.mansioneId],
      abilitaPrezziContratto: true,
      prezzi: { ora: '2450', km: '0.45', materiale: '12.5' },
    });
    expect(c.status, JSON.stringify(c.json)).toBe(200);
    const next = addDays(today(), 30);
    await x.activity(c.json.item.id, [addDays(today(), -30), next, addDays(today(), 120)], 'Analisi fumi');
    const r = await pdfOf(x.admin, c.json.item.id);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toMatch(/^inline; filename=/);
    expect(r.headers['content-disposition']).toContain('Contratto CH-2026-07.pdf');
    expect(r.body.subarray(0, 4).toString()).toBe('%PDF');
    for (const text of [
      'Contratto',
      'CH-2026/07',
      'Idraulica Verdi S.n.c.',
      'Via Emilia 10',
      'A chiamata',
      'dal 01/01/2026 al 31/12/2026',
      'automatico di 12 mesi, dal 01/01/2027',
      'Acquistate',
      '40',
      'Centrale termica',
      'Caldaia',
      'Manutentore',
      'Ora di lavoro',
      '2.450,00 €',
      '0,45 €',
      '12,5 %',
      'Analisi fumi',
      'Ogni 3 mesi',
      dmy(next),
      'Assistenza a chiamata centrale termica',
    ])
      expect(r.text, text).toContain(text);
    // The past undone date is not a next date.
    expect(r.text).not.toContain(dmy(addDays(today(), -30)));
  });

  it('prints in English with the company option, and answers 404 to another company', async () => {
    const x = await contractCompany(t);
    await x.setOptions([{ category: 'lingua_pdf', subcategory: 'value', value: 'EN' }]);
    const c = await x.save({ identificativo: 'M-1', prezzi: { ora: '1234.5' } });
    const r = await pdfOf(x.admin, c.json.item.id);
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toContain('Contract M-1.pdf');
    for (const text of ['Contract', 'Maintenance', 'Active', 'No automatic renewal', 'Labour hour', '€1,234.50'])
      expect(r.text, text).toContain(text);

    const other = await createCompany(t);
    const so = await other.login('admin');
    const foreign = await pdfOf(so, c.json.item.id);
    expect(foreign.status).toBe(404);
  });
});
