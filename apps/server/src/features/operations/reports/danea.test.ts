import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { rapportini } from '../../../platform/db/schema-contracts.js';
import { day, reportCompany, type S } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** An independent reader of the file: every value kept as the text written (no number guessing). */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'Document' || name === 'Row',
});
const parse = (xml: string) => parser.parse(xml) as { EasyfattDocuments: any };

const one = (s: S, id: string) => call(t.app, 'GET', `/api/rapportini/export/xml-danea/${id}`, s);
const many = (s: S, q = '') => call(t.app, 'GET', `/api/rapportini/export/xml-danea${q ? `?${q}` : ''}`, s);

const VAT = { '#text': '22', '@_Perc': '22', '@_Class': 'Imponibile', '@_Description': 'Imponibile 22%' };

describe('Danea EasyFatt XML export', () => {
  it('writes a report as an EasyFatt document: kind by the option, billed customer, price lines as rows', async () => {
    const x = await reportCompany(t);
    const billed = await x.post(x.admin, '/clienti/cliente', {
      codice: 'C-R&F',
      ragione_sociale: 'Società Idraulica Rossi & Figli',
      indirizzo: 'Via Università 3',
      cap: '47121',
      citta: 'Forlì',
      provincia: 'fc',
      partita_iva: '01234567897',
      codice_fiscale: '01234567897',
      telefono: '0543 123456',
      email: 'amministrazione@rossi.example',
      pec: 'rossi@pec.example',
      codice_destinatario: 'M5UXCR1',
    });
    expect(billed.status, JSON.stringify(billed.json)).toBe(200);
    const campo = await x.post(x.admin, '/configuration/intervento', {
      nome: 'Collaudo impianto',
      tipo: 'numero',
      posizione: 'chiusura',
      articolo_id: x.articoloId,
    });
    expect(campo.status, JSON.stringify(campo.json)).toBe(200);
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      cliente_fatturazione_id: billed.json.item.id,
      data_apertura: '2026-11-03',
      motivazione: 'Caldaia in blocco',
      tecnici_ids: [x.techId],
      giornate: [day(x.techId, '2026-11-03', { totale_ore: '2,5', km_viaggio: '30', ore_viaggio: '1', pranzo: 'S' })],
      materiali: [
        { articolo_id: x.articoloId, descrizione: 'Valvola a sfera 1/2"', quantita: '2' },
        { descrizione: 'Raccordo <T> "speciale" & co', quantita: '1,5', unita: 'm', importo_unitario: '4,20' },
      ],
      campi_personalizzati: [{ campo_id: campo.json.item.id, valore: '2' }],
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const item = r.json.item;
    expect(item.prezzi.totale).toBe('216.30');
    const tecnico = item.giornate[0].tecnico as string;
    const codice = item.materiali[0].codice as string;

    const res = await one(x.admin, item.id);
    expect(res.status, res.raw.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="easyfatt-2026-00001.xml"; filename*=UTF-8''easyfatt-2026-00001.xml`,
    );
    // Escaped as XML wants, accents written as they are (UTF-8).
    expect(res.raw.body).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/);
    expect(res.raw.body).toContain('<CustomerName>Società Idraulica Rossi &amp; Figli</CustomerName>');
    expect(res.raw.body).toContain('Raccordo &lt;T&gt; "speciale" &amp; co');

    const root = parse(res.raw.body).EasyfattDocuments;
    expect(root['@_AppVersion']).toBe('2');
    expect(root['@_Creator']).toBe('Gestionale interventi');
    expect(root.Company).toMatchObject({ Name: x.c.company.ragioneSociale, VatCode: x.c.piva });
    expect(root.Documents.Document).toHaveLength(1);
    const doc = root.Documents.Document[0];
    const { Rows, ...head } = doc;
    expect(head).toEqual({
      CustomerCode: 'C-R&F',
      CustomerName: 'Società Idraulica Rossi & Figli',
      CustomerAddress: 'Via Università 3',
      CustomerPostcode: '47121',
      CustomerCity: 'Forlì',
      CustomerProvince: 'FC',
      CustomerCountry: 'Italia',
      CustomerFiscalCode: '01234567897',
      CustomerVatCode: '01234567897',
      CustomerTel: '0543 123456',
      CustomerEmail: 'amministrazione@rossi.example',
      CustomerPec: 'rossi@pec.example',
      CustomerEInvoiceDestCode: 'M5UXCR1',
      // The work was done for another customer: its place is the delivery address.
      DeliveryName: 'Idraulica Verdi S.n.c.',
      DeliveryAddress: 'Via Emilia 10',
      DeliveryCity: 'Forlì',
      DeliveryCountry: 'Italia',
      // No option set: an intervention report.
      DocumentType: 'G',
      Date: '2026-11-03',
      Number: '2026/00001',
      TotalWithoutTax: '216.30',
      PricesIncludeVat: 'false',
      InternalComment: 'Rapportino 2026/00001 - Caldaia in blocco',
    });
    const row = (o: Record<string, string>) => ({ ...o, VatCode: VAT, Stock: 'false' });
    expect(Rows.Row).toEqual([
      row({ Description: `Ore di lavoro - ${tecnico}`, Qty: '2.50', Um: 'h', Price: '40.00', Total: '100.00' }),
      row({ Description: `Km di viaggio - ${tecnico}`, Qty: '30.0', Um: 'km', Price: '0.50', Total: '15.00' }),
      row({ Description: `Ore di viaggio - ${tecnico}`, Qty: '1.00', Um: 'h', Price: '30.00', Total: '30.00' }),
      row({ Description: 'Pranzo', Qty: '1', Price: '15.00', Total: '15.00' }),
      row({
        Code: codice,
        Description: 'Valvola a sfera 1/2"',
        Qty: '2.000',
        Um: 'pz',
        Price: '12.50',
        Total: '25.00',
      }),
      row({ Description: 'Raccordo <T> "speciale" & co', Qty: '1.500', Um: 'm', Price: '4.20', Total: '6.30' }),
      row({ Code: codice, Description: 'Collaudo impianto', Qty: '2.00', Um: 'pz', Price: '12.50', Total: '25.00' }),
    ]);
    // The rows add up to the document's total, to the cent.
    const cents = (v: string) => Math.round(Number(v) * 100);
    expect(Rows.Row.reduce((s: number, x: any) => s + cents(x.Total), 0)).toBe(cents(doc.TotalWithoutTax));

    // The option chooses the document kind; the sezionale of the management tool is the numbering.
    for (const [kind, code] of [
      ['ordine', 'C'],
      ['ddt', 'D'],
      ['proforma', 'L'],
      ['fattura', 'I'],
      ['rapporto_intervento', 'G'],
    ] as const) {
      const set = await x.setOptions([{ category: 'danea_tipo_documento', subcategory: 'value', value: kind }]);
      expect(set.status, JSON.stringify(set.json)).toBe(200);
      const d = parse((await one(x.admin, item.id)).raw.body).EasyfattDocuments.Documents.Document[0];
      expect(d.DocumentType, kind).toBe(code);
    }
    expect(
      (await x.setOptions([{ category: 'danea_tipo_documento', subcategory: 'value', value: 'preventivo' }])).status,
    ).toBe(400);
  });

  it("writes each row's VAT: the article's, the default for goods or for services, an exempt one by its nature", async () => {
    const x = await reportCompany(t);
    const set = await x.setOptions([
      { category: 'aliquote_iva', subcategory: 'beni', value: '4' },
      { category: 'aliquote_iva', subcategory: 'servizi', value: '10' },
    ]);
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect((await x.setOptions([{ category: 'aliquote_iva', subcategory: 'beni', value: '23' }])).status).toBe(400);
    const article = async (codice: string, aliquota_iva: string, natura_iva?: string) => {
      const a = await x.post(x.admin, '/anagraficaarticoli/articoli', {
        codice,
        descrizione: codice,
        prezzo_vendita: '10',
        aliquota_iva,
        natura_iva,
      });
      expect(a.status, JSON.stringify(a.json)).toBe(200);
      return a.json.item.id as string;
    };
    const full = await article('PIENA', '22');
    const exempt = await article('ESENTE', '0', 'N4');
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      data_apertura: '2026-11-04',
      tecnici_ids: [x.techId],
      giornate: [day(x.techId, '2026-11-04', { totale_ore: '2' })],
      materiali: [
        { articolo_id: full, descrizione: 'Piena', quantita: '1' },
        { articolo_id: exempt, descrizione: 'Esente', quantita: '1' },
        { articolo_id: x.articoloId, descrizione: 'Senza aliquota', quantita: '1' },
        { descrizione: 'Libero', quantita: '1', importo_unitario: '1' },
      ],
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const rows = parse((await one(x.admin, r.json.item.id)).raw.body).EasyfattDocuments.Documents.Document[0].Rows.Row;
    const vat = (code: string, perc: string, klass: string, description: string) => ({
      '#text': code,
      '@_Perc': perc,
      '@_Class': klass,
      '@_Description': description,
    });
    expect(rows.map((w: any) => [w.Description.replace(/ - .*/, ''), w.VatCode])).toEqual([
      ['Ore di lavoro', vat('10', '10', 'Imponibile', 'Imponibile 10%')],
      ['Piena', vat('22', '22', 'Imponibile', 'Imponibile 22%')],
      ['Esente', vat('N4', '0', 'Esente', 'N4 - Esenti')],
      ['Senza aliquota', vat('4', '4', 'Imponibile', 'Imponibile 4%')],
      ['Libero', vat('4', '4', 'Imponibile', 'Imponibile 4%')],
    ]);
  });

  it('exports exactly the reports of the list filter, one document each, in the list order', async () => {
    const x = await reportCompany(t);
    const mk = (over: Record<string, unknown>) =>
      x.post(x.admin, '/rapportini/rapportino/lavorazione', {
        cliente_id: x.clienteId,
        tecnici_ids: [x.techId],
        ...over,
      });
    const nuovo = await mk({ data_apertura: '2026-10-01' });
    const aperto1 = await mk({ data_apertura: '2026-10-02', giornate: [day(x.techId, '2026-10-02')] });
    const aperto2 = await mk({ data_apertura: '2026-10-20', giornate: [day(x.techId, '2026-10-20')] });
    const chiuso = await mk({ data_apertura: '2026-10-05', giornate: [day(x.techId, '2026-10-05')] });
    const close = await x.post(x.admin, '/rapportini/rapportino/chiusura', {
      id: chiuso.json.item.id,
      azione: 'chiudi',
    });
    expect(close.status, JSON.stringify(close.json)).toBe(200);
    const numbers = async (q: string) => {
      const res = await many(x.admin, q);
      expect(res.status, res.raw.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['content-disposition']).toContain('rapportini-easyfatt.xml');
      const docs = parse(res.raw.body).EasyfattDocuments.Documents?.Document ?? [];
      return docs.map((d: any) => d.Number);
    };
    const n = (r: { json: any }) => r.json.item.numero_assistenza as string;
    // Newest open date first, as the list.
    expect(await numbers('stato=APERTO')).toEqual([n(aperto2), n(aperto1)]);
    expect(await numbers('stato=CHIUSO')).toEqual([n(chiuso)]);
    expect(await numbers('stato=aperti&dir=asc')).toEqual([n(nuovo), n(aperto1), n(aperto2)]);
    expect(await numbers('dal=2026-10-02&al=2026-10-05')).toEqual([n(chiuso), n(aperto1)]);
    expect(await numbers(`q=${encodeURIComponent(n(aperto2))}`)).toEqual([n(aperto2)]);
    expect(await numbers('stato=APERTO&completato=true')).toEqual([]);
    // Each document carries its own rows: 4 hours at 40.00.
    const all = parse((await many(x.admin, 'stato=APERTO')).raw.body).EasyfattDocuments.Documents.Document;
    expect(all.map((d: any) => [d.TotalWithoutTax, d.Rows.Row.length])).toEqual([
      ['160.00', 1],
      ['160.00', 1],
    ]);
    expect((await many(x.admin, 'stato=CHIUSA')).status).toBe(400);
    expect((await many(x.admin, 'format=csv')).status).toBe(400);
  });

  it('needs the prices permission (403) and never reaches another company’s report (404)', async () => {
    const x = await reportCompany(t);
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      tecnici_ids: [x.techId],
      giornate: [day(x.techId, '2026-11-02')],
    });
    expect(r.status).toBe(200);
    // The technician reads the report but not its prices.
    expect((await x.get(x.tech, `/rapportini/rapportini/admin/${r.json.item.id}`)).status).toBe(200);
    const refused = await one(x.tech, r.json.item.id);
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('FORBIDDEN');
    expect((await many(x.tech)).status).toBe(403);

    const other = await createCompany(t);
    const stranger = await other.login('admin');
    const missing = await one(stranger, r.json.item.id);
    expect(missing.status).toBe(404);
    expect(missing.raw.body).not.toContain('Idraulica Verdi');
    expect((await one(x.admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // The other company's list export holds none of this company's reports.
    const theirs = parse((await many(stranger)).raw.body).EasyfattDocuments;
    expect(theirs.Documents?.Document ?? []).toEqual([]);
    expect(theirs.Company.Name).toBe(other.company.ragioneSociale);
  });

  it('writes a readable file even when stored text holds characters XML forbids (data from before the rule)', async () => {
    const x = await reportCompany(t);
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      motivazione: 'Perdita',
      tecnici_ids: [x.techId],
      giornate: [day(x.techId, '2026-11-02')],
      materiali: [{ descrizione: 'Guarnizione', quantita: '1', importo_unitario: '3' }],
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    // Written straight into the database, as an old import or another tool could have.
    await t.deps.database.executeSql(
      `update clienti set ragione_sociale = 'Idraulica' || chr(1) || ' Verdi' || chr(11) where azienda_id = $1`,
      [x.c.company.id],
    );
    await t.deps.database.executeSql(
      `update rapportini_materiali set descrizione = 'Guarni' || chr(31) || 'zione' where azienda_id = $1`,
      [x.c.company.id],
    );
    for (const res of [await one(x.admin, r.json.item.id), await many(x.admin)]) {
      expect(res.status).toBe(200);
      expect(XMLValidator.validate(res.raw.body)).toBe(true);
      for (const c of ['\u0001', '\u000b', '\u001f']) expect(res.raw.body).not.toContain(c);
      const doc = parse(res.raw.body).EasyfattDocuments.Documents.Document[0];
      expect(doc.CustomerName).toBe('Idraulica Verdi');
      expect(doc.Rows.Row.map((row: any) => row.Description)).toContain('Guarnizione');
    }
  });

  it('refuses a list of more than 1,000 reports before writing anything, and narrowed filters pass', async () => {
    const x = await reportCompany(t);
    await t.deps.db.insert(rapportini).values(
      Array.from({ length: 1001 }, (_, i) => ({
        aziendaId: x.c.company.id,
        clienteId: x.clienteId,
        numeroAssistenza: `B-${i}`,
        dataApertura: i === 0 ? '2026-01-15' : '2026-02-01',
      })),
    );
    const tooMany = await many(x.admin);
    expect(tooMany.status).toBe(400);
    expect(tooMany.json).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(tooMany.json.message).toContain('1001');
    const narrowed = await many(x.admin, 'al=2026-01-31');
    expect(narrowed.status).toBe(200);
    expect(parse(narrowed.raw.body).EasyfattDocuments.Documents.Document.map((d: any) => d.Number)).toEqual(['B-0']);
  });
});
