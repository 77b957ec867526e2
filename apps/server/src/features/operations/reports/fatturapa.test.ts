import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { fatturaPaSchemaErrors } from '../../../test/fatturapa-xsd.js';
import { ascii, decimal8, latin } from './fatturapa-xml.js';
import { progressiveCode } from './fatturapa.js';
import { day, reportCompany, type S } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) => name === 'DettaglioLinee' || name === 'DatiRiepilogo' || name === 'Causale',
});
const parse = (xml: string) => parser.parse(xml)['p:FatturaElettronica'];
const one = (s: S, id: string) => call(t.app, 'GET', `/api/rapportini/export/xml-fatturapa/${id}`, s);
const many = (s: S, ids: string[]) =>
  call(t.app, 'GET', `/api/rapportini/export/xml-fatturapa?ids=${ids.join(',')}`, s);
const sql = (text: string, values: unknown[] = []) => t.deps.database.executeSql(text, values);

/** A company with its fiscal address, a billed customer with its SDI code, a 10% and an exempt (N4) article. */
async function invoiceCompany() {
  const x = await reportCompany(t);
  await sql(
    `update aziende set indirizzo = 'Via dei Mille 5', cap = '40121', citta = 'Bologna', provincia = 'BO',
     codice_fiscale = partita_iva where id = $1`,
    [x.c.company.id],
  );
  const rossi = await x.post(x.admin, '/clienti/cliente', {
    ragione_sociale: 'Società Idraulica Rossi & Figli',
    indirizzo: 'Via Università 3',
    cap: '47121',
    citta: 'Forlì',
    provincia: 'FC',
    partita_iva: '01234567897',
    codice_destinatario: 'M5UXCR1',
  });
  expect(rossi.status, JSON.stringify(rossi.json)).toBe(200);
  const article = async (codice: string, prezzo: string, aliquota_iva: string, natura_iva?: string) => {
    const a = await x.post(x.admin, '/anagraficaarticoli/articoli', {
      codice,
      descrizione: codice === 'R10' ? 'Ricambio pompa' : 'Verifica periodica esente',
      unita_misura: 'pz',
      prezzo_vendita: prezzo,
      aliquota_iva,
      natura_iva,
    });
    expect(a.status, JSON.stringify(a.json)).toBe(200);
    return a.json.item.id as string;
  };
  const r10 = await article('R10', '12.50', '10');
  const exempt = await article('ESE', '10', '0', 'N4');
  /** A report billed to Rossi (or for `cliente`): 2,5 h, 30 km, two R10 and one exempt line; closed unless told. */
  const report = async (o: { data?: string; cliente?: string; close?: boolean } = {}) => {
    const data = o.data ?? '2026-11-03';
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: o.cliente ?? x.clienteId,
      cliente_fatturazione_id: o.cliente ? null : rossi.json.item.id,
      data_apertura: data,
      motivazione: 'Caldaia in blocco',
      tecnici_ids: [x.techId],
      giornate: [day(x.techId, data, { totale_ore: '2,5', km_viaggio: '30' })],
      materiali: [
        { articolo_id: r10, descrizione: 'Ricambio pompa', quantita: '2' },
        { articolo_id: exempt, descrizione: 'Verifica periodica esente', quantita: '1' },
      ],
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    if (o.close !== false) {
      const closed = await x.post(x.admin, '/rapportini/rapportino/chiusura', { id: r.json.item.id });
      expect(closed.status, JSON.stringify(closed.json)).toBe(200);
    }
    return r.json.item as { id: string; numero_assistenza: string; prezzi: { totale: string } };
  };
  return { ...x, rossiId: rossi.json.item.id as string, report };
}

describe('FatturaPA 1.2.2 invoice', () => {
  it('the schema check itself refuses what the schema does not allow', () => {
    const errors = fatturaPaSchemaErrors(
      '<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"/>',
    );
    expect(errors.join('\n')).toMatch(/FatturaElettronicaHeader/);
  });

  it("writes texts in the schema's alphabets and lengths, decimals with 2 to 8 places, the progressive in 5 characters", () => {
    expect(latin('Prezzo “speciale” – 5 € ✓\n\tok\u0007', 200)).toBe('Prezzo "speciale" - 5 EUR ? ok');
    expect(latin('àèìòù'.repeat(20), 60)).toHaveLength(60);
    expect(latin('  ', 10)).toBe('-');
    expect(ascii('2026/00001 Forlì', 20)).toBe('2026/00001 Forli');
    expect([decimal8('1'), decimal8('30.0'), decimal8('2.000'), decimal8('0.123456789')]).toEqual([
      '1.00',
      '30.00',
      '2.000',
      '0.12345678',
    ]);
    expect([progressiveCode(1), progressiveCode(36), progressiveCode(36 ** 5 + 2)]).toEqual([
      '00001',
      '00010',
      '00002',
    ]);
  });

  it('writes a closed report with labour, materials and an exempt line as a valid invoice, totals per rate', async () => {
    const x = await invoiceCompany();
    const r = await x.report();
    expect(r.prezzi.totale).toBe('150.00');
    const res = await one(x.admin, r.id);
    expect(res.status, res.raw.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const name = `IT${x.c.piva}_00001.xml`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    expect(fatturaPaSchemaErrors(res.raw.body)).toEqual([]);

    const f = parse(res.raw.body);
    expect(f['@_versione']).toBe('FPR12');
    const h = f.FatturaElettronicaHeader;
    expect(h.DatiTrasmissione).toEqual({
      IdTrasmittente: { IdPaese: 'IT', IdCodice: x.c.piva },
      ProgressivoInvio: '00001',
      FormatoTrasmissione: 'FPR12',
      CodiceDestinatario: 'M5UXCR1',
    });
    expect(h.CedentePrestatore.DatiAnagrafici).toMatchObject({
      IdFiscaleIVA: { IdPaese: 'IT', IdCodice: x.c.piva },
      CodiceFiscale: x.c.piva,
      Anagrafica: { Denominazione: x.c.company.ragioneSociale },
      RegimeFiscale: 'RF01',
    });
    expect(h.CedentePrestatore.Sede).toEqual({
      Indirizzo: 'Via dei Mille 5',
      CAP: '40121',
      Comune: 'Bologna',
      Provincia: 'BO',
      Nazione: 'IT',
    });
    expect(h.CessionarioCommittente).toEqual({
      DatiAnagrafici: {
        IdFiscaleIVA: { IdPaese: 'IT', IdCodice: '01234567897' },
        Anagrafica: { Denominazione: 'Società Idraulica Rossi & Figli' },
      },
      Sede: { Indirizzo: 'Via Università 3', CAP: '47121', Comune: 'Forlì', Provincia: 'FC', Nazione: 'IT' },
    });
    const body = f.FatturaElettronicaBody;
    expect(body.DatiGenerali.DatiGeneraliDocumento).toMatchObject({
      TipoDocumento: 'TD01',
      Divisa: 'EUR',
      Numero: '00001',
      // 115.00 at 22% (25.30), 25.00 at 10% (2.50), 10.00 exempt: 177.80.
      ImportoTotaleDocumento: '177.80',
      Causale: [`Rapportino ${r.numero_assistenza} del 03/11/2026 - Caldaia in blocco`],
    });
    const lines = body.DatiBeniServizi.DettaglioLinee.map((l: any) => [
      l.NumeroLinea,
      l.Descrizione.replace(/ - .*/, ''),
      l.Quantita,
      l.PrezzoUnitario,
      l.PrezzoTotale,
      l.AliquotaIVA,
      l.Natura,
    ]);
    expect(lines).toEqual([
      ['1', 'Ore di lavoro', '2.50', '40.00', '100.00', '22.00', undefined],
      ['2', 'Km di viaggio', '30.00', '0.50', '15.00', '22.00', undefined],
      ['3', 'Ricambio pompa', '2.000', '12.50', '25.00', '10.00', undefined],
      ['4', 'Verifica periodica esente', '1.000', '10.00', '10.00', '0.00', 'N4'],
    ]);
    expect(body.DatiBeniServizi.DettaglioLinee[2].CodiceArticolo).toEqual({
      CodiceTipo: 'INTERNO',
      CodiceValore: 'R10',
    });
    expect(body.DatiBeniServizi.DatiRiepilogo).toEqual([
      { AliquotaIVA: '22.00', ImponibileImporto: '115.00', Imposta: '25.30', EsigibilitaIVA: 'I' },
      { AliquotaIVA: '10.00', ImponibileImporto: '25.00', Imposta: '2.50', EsigibilitaIVA: 'I' },
      {
        AliquotaIVA: '0.00',
        Natura: 'N4',
        ImponibileImporto: '10.00',
        Imposta: '0.00',
        RiferimentoNormativo: 'Esenti',
      },
    ]);

    // The company's options: services at 10%, the forfettario regime; each file takes the next progressive.
    const set = await x.setOptions([
      { category: 'aliquote_iva', subcategory: 'servizi', value: '10' },
      { category: 'fatturapa_regime_fiscale', subcategory: 'value', value: 'RF19' },
    ]);
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    const again = await one(x.admin, r.id);
    expect(again.headers['content-disposition']).toContain(`IT${x.c.piva}_00002.xml`);
    expect(fatturaPaSchemaErrors(again.raw.body)).toEqual([]);
    const g = parse(again.raw.body);
    expect(g.FatturaElettronicaHeader.CedentePrestatore.DatiAnagrafici.RegimeFiscale).toBe('RF19');
    expect(g.FatturaElettronicaBody.DatiBeniServizi.DatiRiepilogo).toEqual([
      { AliquotaIVA: '10.00', ImponibileImporto: '140.00', Imposta: '14.00', EsigibilitaIVA: 'I' },
      {
        AliquotaIVA: '0.00',
        Natura: 'N4',
        ImponibileImporto: '10.00',
        Imposta: '0.00',
        RiferimentoNormativo: 'Esenti',
      },
    ]);
    expect(g.FatturaElettronicaBody.DatiGenerali.DatiGeneraliDocumento.ImportoTotaleDocumento).toBe('164.00');
  });

  it("gathers several closed reports of one customer; an open one, another customer's or missing data answer 422", async () => {
    const x = await invoiceCompany();
    const a = await x.report({ data: '2026-11-05' });
    const b = await x.report({ data: '2026-11-02' });
    const res = await many(x.admin, [a.id, b.id]);
    expect(res.status, res.raw.body).toBe(200);
    expect(fatturaPaSchemaErrors(res.raw.body)).toEqual([]);
    const f = parse(res.raw.body).FatturaElettronicaBody;
    // In order of opening: b first; each line says its report.
    expect(f.DatiGenerali.DatiGeneraliDocumento.Causale.map((c: string) => c.slice(0, 36))).toEqual([
      `Rapportino ${b.numero_assistenza} del 02/11/2026`,
      `Rapportino ${a.numero_assistenza} del 05/11/2026`,
    ]);
    expect(f.DatiBeniServizi.DettaglioLinee).toHaveLength(8);
    expect(f.DatiBeniServizi.DettaglioLinee[0].Descrizione).toMatch(
      new RegExp(`^${b.numero_assistenza} - Ore di lavoro`),
    );
    expect(f.DatiBeniServizi.DatiRiepilogo.map((s: any) => [s.ImponibileImporto, s.Imposta])).toEqual([
      ['230.00', '50.60'],
      ['50.00', '5.00'],
      ['20.00', '0.00'],
    ]);
    expect(f.DatiGenerali.DatiGeneraliDocumento.ImportoTotaleDocumento).toBe('355.60');

    // A closed report with nothing priced is no invoice.
    const empty = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      cliente_fatturazione_id: x.rossiId,
      data_apertura: '2026-11-06',
      tecnici_ids: [x.techId],
      giornate: [day(x.techId, '2026-11-06', { totale_ore: '0' })],
    });
    expect((await x.post(x.admin, '/rapportini/rapportino/chiusura', { id: empty.json.item.id })).status).toBe(200);
    const nothing = await one(x.admin, empty.json.item.id);
    expect([nothing.status, nothing.json.code, nothing.json.message]).toEqual([
      422,
      'FATTURAPA_NOT_INVOICEABLE',
      'Nessuna riga da fatturare: i rapportini scelti non hanno prezzi',
    ]);

    const open = await x.report({ close: false });
    const refused = await many(x.admin, [a.id, open.id]);
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ code: 'FATTURAPA_NOT_INVOICEABLE' });
    expect(refused.json.message).toContain(open.numero_assistenza);

    // The work customer billed itself: another customer, and one without fiscal data.
    const verdi = await x.report({ cliente: x.clienteId });
    const mixed = await many(x.admin, [a.id, verdi.id]);
    expect(mixed.status).toBe(422);
    expect(mixed.json.message).toMatch(/un solo cliente/);
    const missing = await one(x.admin, verdi.id);
    expect(missing.status).toBe(422);
    expect(missing.json.code).toBe('FATTURAPA_MISSING_DATA');
    expect(missing.json.message).toBe(
      'Dati mancanti per la FatturaPA - cliente Idraulica Verdi S.n.c.: partita IVA o codice fiscale, CAP di 5 cifre, provincia (sigla)',
    );
    expect(missing.json.fields.map((p: any) => p.path)).toEqual([
      'cliente.partita_iva',
      'cliente.cap',
      'cliente.provincia',
    ]);
    // The company's address too, and a business customer without SDI code or PEC.
    await sql(`update aziende set indirizzo = null, cap = null where id = $1`, [x.c.company.id]);
    await sql(`update clienti set codice_destinatario = null, pec = null where id = $1`, [x.rossiId]);
    const both = await one(x.admin, a.id);
    expect(both.status).toBe(422);
    expect(both.json.message).toBe(
      'Dati mancanti per la FatturaPA - azienda: indirizzo, CAP di 5 cifre; cliente Società Idraulica Rossi & Figli: codice destinatario SDI o PEC',
    );
    // Nothing was numbered by the refused files: the next valid one takes 00002.
    await sql(`update aziende set indirizzo = 'Via dei Mille 5', cap = '40121' where id = $1`, [x.c.company.id]);
    await sql(`update clienti set pec = 'rossi@pec.example' where id = $1`, [x.rossiId]);
    const pec = await one(x.admin, a.id);
    expect(pec.status, pec.raw.body).toBe(200);
    expect(pec.headers['content-disposition']).toContain('_00002.xml');
    expect(fatturaPaSchemaErrors(pec.raw.body)).toEqual([]);
    expect(parse(pec.raw.body).FatturaElettronicaHeader.DatiTrasmissione).toMatchObject({
      CodiceDestinatario: '0000000',
      PECDestinatario: 'rossi@pec.example',
    });
  });

  it("never reaches another company's report (404), and needs the prices permission (403)", async () => {
    const x = await invoiceCompany();
    const r = await x.report();
    const other = await createCompany(t);
    const otherAdmin = await other.login('admin');
    expect((await one(otherAdmin, r.id)).status).toBe(404);
    const list = await many(otherAdmin, [r.id]);
    expect(list.status).toBe(404);
    expect((await many(x.admin, ['not-an-id'])).status).toBe(400);
    // The technician sees the report (assigned) but not its prices.
    expect((await one(x.tech, r.id)).status).toBe(403);
  });
});
