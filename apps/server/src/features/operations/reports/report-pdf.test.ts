import { crc32, deflateSync } from 'node:zlib';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@fs/contract';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { PNG, upload, usedBytes } from '../../registries/media/test-helpers.js';
import { day, reportCompany, type S } from './test-helpers.js';

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
    url: `/api/rapportini/rapportino/${id}/pdf`,
    headers: { authorization: `Bearer ${s.token}`, 'device-id': s.deviceId },
  });
  return {
    status: r.statusCode,
    headers: r.headers,
    body: r.rawPayload,
    text: r.statusCode === 200 ? await textOf(r.rawPayload) : '',
  };
};

/** A valid PNG of `w` x `h` blue pixels (the media fixture's 1x1 PNG is too broken for a PNG decoder). */
function png(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([len, Buffer.from(type), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, Buffer.from([0x1c, 0x4e, 0x80]))]);
  const idat = deflateSync(Buffer.concat(Array.from({ length: h }, () => row)));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const pdfRows = async (aziendaId: string) =>
  (
    await t.deps.database.executeSql(
      `select id, size, source_hash from media where azienda_id = $1 and section = 'rapportino-pdf'`,
      [aziendaId],
    )
  ).rows as { id: string; size: string; source_hash: string }[];

/** A report with 5 worked days, 6 materials (one at 49 x 50,00), checks, custom fields and an attachment. */
async function fullReport(x: Awaited<ReturnType<typeof reportCompany>>) {
  const printed = await x.post(x.admin, '/configuration/intervento', {
    nome: 'Pressione finale (bar)',
    tipo: 'numero',
    posizione: 'chiusura',
    visibilita: { app: true, web: true, stampa: true },
  });
  const internal = await x.post(x.admin, '/configuration/intervento', {
    nome: 'Codice interno',
    tipo: 'testo_breve',
    posizione: 'intestazione',
    visibilita: { app: true, web: true, stampa: false },
  });
  const job = await x.post(x.admin, '/mansioni/mansione/create', { nome: 'Manutentore caldaie' });
  const fumi = await x.post(x.admin, '/controlli/controllo', {
    mansioneId: job.json.item.id,
    nome_campo: 'Analisi fumi',
  });
  const tenuta = await x.post(x.admin, '/controlli/controllo', {
    mansioneId: job.json.item.id,
    nome_campo: 'Tenuta gas',
  });
  const vaso = await x.post(x.admin, '/controlli/controllo', {
    mansioneId: job.json.item.id,
    nome_campo: 'Vaso espansione',
  });
  for (const r of [printed, internal, job, fumi, tenuta, vaso]) expect(r.status).toBe(200);
  const input = {
    cliente_id: x.clienteId,
    impianto_id: x.impiantoId,
    macchinari_ids: [x.macchinaId],
    tecnici_ids: [x.techId],
    mansione_id: job.json.item.id,
    data_apertura: '2026-11-02',
    tipo_intervento: 'garanzia',
    richiesta_iniziale: 'Caldaia in blocco: verificare perché la pressione è bassa (città: Forlì, più piani)',
    note: 'Lavoro eseguito. Si consiglia un controllo entro un mese; è già stato fissato.',
    giornate: ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'].map((d, i) =>
      day(x.techId, d, { totale_ore: '8', km_viaggio: '35', ore_viaggio: '1', pranzo: i % 2 ? 'N' : 'S' }),
    ),
    materiali: [
      { articolo_id: x.articoloId, descrizione: 'Valvola a sfera 1/2"', quantita: '2' },
      {
        codice: 'SCAMB-01',
        descrizione: 'Scambiatore à piastre',
        quantita: '49',
        unita: 'pz',
        importo_unitario: '50.00',
      },
      { descrizione: 'Guarnizione', quantita: '4', unita: 'pz', importo_unitario: '1.20' },
      { descrizione: 'Tubo rame', quantita: '3.5', unita: 'm', importo_unitario: '9.80' },
      { descrizione: 'Raccordo', quantita: '6', unita: 'pz', importo_unitario: '2.10' },
      { descrizione: 'Sigillante', quantita: '1', unita: 'pz', importo_unitario: '7.40' },
    ],
    controlli: [
      { controllo_id: fumi.json.item.id, esito: 'ok' },
      { controllo_id: tenuta.json.item.id, esito: 'ko', note: 'Perdita al raccordo' },
      { controllo_id: vaso.json.item.id, esito: 'na' },
    ],
    campi_personalizzati: [
      { campo_id: printed.json.item.id, valore: '1,5' },
      { campo_id: internal.json.item.id, valore: 'RISERVATO-42' },
    ],
  };
  const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', input);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  const id = r.json.item.id as string;
  const file = await upload(t, x.admin, `/api/media/insert/rapportino/${id}`, PNG, 'foto caldaia è.png');
  expect(file.statusCode).toBe(200);
  return { id, numero: r.json.item.numero_assistenza as string, input };
}

describe('the report PDF', () => {
  it('prints the report in Italian: data, dates, accents, print-visible fields; prices only when the company prints them', async () => {
    const x = await reportCompany(t);
    const { id, numero } = await fullReport(x);
    expect(
      (await x.setOptions([{ category: 'rapportini_stampa_prezzi', subcategory: 'enabled', value: '0' }])).status,
    ).toBe(200);

    const off = await pdfOf(x.admin, id);
    expect(off.status).toBe(200);
    expect(off.headers['content-type']).toBe('application/pdf');
    expect(off.headers['content-disposition']).toContain('attachment');
    expect(off.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = off.text;
    for (const s of [
      'Rapporto di intervento',
      numero,
      'Idraulica Verdi S.n.c.',
      'Via Emilia 10',
      'Forlì',
      'Centrale termica',
      'Caldaia',
      'Manutentore caldaie',
      '02/11/2026',
      '06/11/2026',
      'perché la pressione è bassa (città: Forlì, più piani)',
      'è già stato fissato',
      'Scambiatore à piastre',
      'In garanzia',
      'Pressione finale (bar)',
      '1,5',
      'Analisi fumi',
      'Non OK',
      'Perdita al raccordo',
      'N/A',
      'foto caldaia è.png',
      'Pagina 1 di',
    ])
      expect(text, s).toContain(s);
    expect(text).not.toContain('RISERVATO-42');
    expect(text).not.toContain('Codice interno');
    expect(text).not.toContain('€');
    expect(text).not.toContain('Totale IVA esclusa');

    expect(
      (await x.setOptions([{ category: 'rapportini_stampa_prezzi', subcategory: 'enabled', value: '1' }])).status,
    ).toBe(200);
    const on = await pdfOf(x.admin, id);
    // 49 x 50,00; the total without VAT: 40 h x 40,00 + 5 x 35 km x 0,50 + 5 h x 30,00 + 3 lunches x 15,00 + materials.
    expect(on.text).toContain('2.450,00 €');
    expect(on.text).toContain('Totale IVA esclusa');
    // The technician (without the prices permission) gets the same customer's document, prices included.
    const techs = await pdfOf(x.tech, id);
    expect(techs.status).toBe(200);
    expect(techs.text).toContain('2.450,00 €');
  });

  it('prints in English when the company chooses it', async () => {
    const x = await reportCompany(t);
    const { id, numero } = await fullReport(x);
    await x.setOptions([{ category: 'lingua_pdf', subcategory: 'value', value: 'EN' }]);
    const en = await pdfOf(x.admin, id);
    expect(en.status).toBe(200);
    for (const s of [
      'Service report',
      numero,
      'Customer',
      'Days worked',
      '02/11/2026',
      '€2,450.00',
      'Total excluding VAT',
      'Not OK',
      'Under warranty',
      'Page 1 of',
    ])
      expect(en.text, s).toContain(s);
    expect(en.headers['content-disposition']).toContain('Service report');
  });

  it('is kept as a media file counted in the storage, served again while unchanged and made again when the report changes', async () => {
    const x = await reportCompany(t);
    const { id, input } = await fullReport(x);
    const aziendaId = x.c.company.id;
    const before = await usedBytes(t, aziendaId);
    const first = await pdfOf(x.admin, id);
    const rows = await pdfRows(aziendaId);
    expect(rows).toHaveLength(1);
    expect(first.headers['x-media-id']).toBe(rows[0]!.id);
    expect(await usedBytes(t, aziendaId)).toBe(before + Number(rows[0]!.size));
    // Unchanged: the stored file, byte for byte.
    const again = await pdfOf(x.admin, id);
    expect(again.headers['x-media-id']).toBe(rows[0]!.id);
    expect(Buffer.compare(again.body, first.body)).toBe(0);
    // The spec's path: the stored PDF by its media id.
    const made = await x.post(x.admin, '/rapportini/rapportino/pdf', { id });
    expect(made.status).toBe(200);
    expect(made.json.item.id).toBe(rows[0]!.id);
    const blob = await t.app.inject({
      method: 'GET',
      url: `/api/media/${made.json.item.id}/content`,
      headers: { authorization: `Bearer ${x.admin.token}`, 'device-id': x.admin.deviceId },
    });
    expect(blob.statusCode).toBe(200);
    expect(blob.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(blob.rawPayload, first.body)).toBe(0);
    // Not listed among the attachments, not renamed nor deleted by hand.
    expect((await x.post(x.admin, '/media/update', { id: rows[0]!.id, descrizione: 'x' })).status).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/media/delete/${rows[0]!.id}`, x.admin)).status).toBe(403);

    // The report changes: a new PDF replaces the old one (one file, the old object removed).
    const saved = await x.post(x.admin, '/rapportini/rapportino/admin/update', {
      ...input,
      id,
      note: 'Nota cambiata dopo la prima stampa',
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const changed = await pdfOf(x.admin, id);
    expect(changed.text).toContain('Nota cambiata dopo la prima stampa');
    expect(changed.text).not.toContain('è già stato fissato');
    const after = await pdfRows(aziendaId);
    expect(after).toHaveLength(1);
    expect(after[0]!.id).not.toBe(rows[0]!.id);
    expect(changed.headers['x-media-id']).toBe(after[0]!.id);
    expect(await usedBytes(t, aziendaId)).toBe(before + Number(after[0]!.size));
    // The company's option changes what is printed: made again too.
    await x.setOptions([{ category: 'lingua_pdf', subcategory: 'value', value: 'EN' }]);
    expect((await pdfOf(x.admin, id)).text).toContain('Service report');
    // Deleting the report removes its PDF and its attachment (the photo held before) and frees their space.
    expect((await x.post(x.admin, '/rapportini/rapportini/delete-bulk', { ids: [id] })).status).toBe(200);
    expect(await pdfRows(aziendaId)).toHaveLength(0);
    expect(before).toBe(PNG.length);
    expect(await usedBytes(t, aziendaId)).toBe(0);
  });

  it("draws the company's logo and is made again when the logo changes", async () => {
    const x = await reportCompany(t);
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', { cliente_id: x.clienteId });
    const id = r.json.item.id as string;
    const without = await pdfOf(x.admin, id);
    expect(without.body.includes('/Subtype /Image')).toBe(false);
    expect((await upload(t, x.admin, '/api/aziende/azienda/logo', png(120, 40), 'logo.png')).statusCode).toBe(200);
    const withLogo = await pdfOf(x.admin, id);
    expect(withLogo.status).toBe(200);
    expect(withLogo.body.includes('/Subtype /Image')).toBe(true);
    expect(withLogo.headers['x-media-id']).not.toBe(without.headers['x-media-id']);
  });

  it("prints the customer's signature with the signer and the time, not among the attachments", async () => {
    const x = await reportCompany(t);
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', { cliente_id: x.clienteId });
    const id = r.json.item.id as string;
    const unsigned = await pdfOf(x.admin, id);
    expect(unsigned.text).not.toContain('Accettazione del cliente');
    const signed = await x.post(x.admin, '/rapportini/rapportino/firma', {
      id,
      firmatario: 'Giuseppe Verdi',
      png: png(200, 80).toString('base64'),
    });
    expect(signed.status, JSON.stringify(signed.json)).toBe(200);
    const doc = await pdfOf(x.admin, id);
    expect(doc.text).toContain('Accettazione del cliente');
    expect(doc.text).toContain('Firmato da');
    expect(doc.text).toContain('Giuseppe Verdi');
    // The time says what it is: "Firmato il 23/11/2026 alle 10:15", not a bare "Il".
    expect(doc.text).toMatch(/Firmato il \d{2}\/\d{2}\/\d{4} alle \d{2}:\d{2}/);
    await x.setOptions([{ category: 'lingua_pdf', subcategory: 'value', value: 'EN' }]);
    const english = await pdfOf(x.admin, id);
    expect(english.text).toMatch(/Signed on \d{2}\/\d{2}\/\d{4} at \d{2}:\d{2}/);
    expect(doc.text).not.toContain('Allegati');
    expect(doc.body.includes('/Subtype /Image')).toBe(true);
    expect(doc.headers['x-media-id']).not.toBe(unsigned.headers['x-media-id']);
  });

  it("carries the company's address, the technician's name and own signature, the acceptance above the customer's", async () => {
    const x = await reportCompany(t);
    await t.deps.database.executeSql(
      `update aziende set indirizzo = 'Via dei Mille 7', cap = '47121', citta = 'Forlì', provincia = 'FC' where id = $1`,
      [x.c.company.id],
    );
    await t.deps.database.executeSql(`update utenti set name = 'Mario', surname = 'Rossi' where id = $1`, [x.techId]);
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      tecnici_ids: [x.techId],
    });
    const id = r.json.item.id as string;
    const plain = await pdfOf(x.admin, id);
    expect(plain.text).toContain('Via dei Mille 7, 47121 Forlì (FC)');
    expect(plain.text).toContain('Il tecnico');
    expect(plain.text).toContain('Mario Rossi');
    expect(plain.body.includes('/Subtype /Image')).toBe(false);
    // The technician's own signature: drawn, and the PDF made again.
    await t.deps.database.executeSql(`update utenti set signature = $2 where id = $1`, [
      x.techId,
      `data:image/png;base64,${png(160, 50).toString('base64')}`,
    ]);
    const withOwn = await pdfOf(x.admin, id);
    expect(withOwn.body.includes('/Subtype /Image')).toBe(true);
    expect(withOwn.headers['x-media-id']).not.toBe(plain.headers['x-media-id']);
    expect(withOwn.text).not.toContain('Il cliente dichiara');
    await x.post(x.admin, '/rapportini/rapportino/firma', {
      id,
      firmatario: 'Anna Bianchi',
      png: png(200, 80).toString('base64'),
    });
    const signed = await pdfOf(x.admin, id);
    const sentence =
      "Il cliente dichiara che l'intervento descritto in questo rapporto è stato eseguito e ne accetta il contenuto.";
    expect(signed.text.replace(/\s+/g, ' ')).toContain(sentence);
    expect(signed.text.indexOf('Il cliente dichiara')).toBeLessThan(signed.text.indexOf('Anna Bianchi'));
    await x.setOptions([{ category: 'lingua_pdf', subcategory: 'value', value: 'EN' }]);
    const english = await pdfOf(x.admin, id);
    expect(english.text).toContain('Technician');
    expect(english.text.replace(/\s+/g, ' ')).toContain(
      'The customer confirms that the work described in this report has been carried out and accepts it.',
    );
  });

  it('over the storage space: answered, not kept; the id route refuses', async () => {
    const x = await reportCompany(t);
    const { id } = await fullReport(x);
    await t.deps.database.executeSql(`update storage_usage set used_bytes = $2 where azienda_id = $1`, [
      x.c.company.id,
      LIMITS.storageIncludedBytes,
    ]);
    const r = await pdfOf(x.admin, id);
    expect(r.status).toBe(200);
    expect(r.headers['x-media-id']).toBeUndefined();
    expect(await pdfRows(x.c.company.id)).toHaveLength(0);
    const refused = await x.post(x.admin, '/rapportini/rapportino/pdf', { id });
    expect(refused.status).toBe(413);
    expect(refused.json.code).toBe('STORAGE_QUOTA_EXCEEDED');
  });

  it("follows the report's access: another company's and a colleague's report answer 404", async () => {
    const x = await reportCompany(t);
    const { id } = await fullReport(x);
    const made = await x.post(x.admin, '/rapportini/rapportino/pdf', { id });
    const b = await createCompany(t);
    const sb = await b.login('admin');
    expect((await pdfOf(sb, id)).status).toBe(404);
    expect((await call(t.app, 'POST', '/api/rapportini/rapportino/pdf', { ...sb, body: { id } })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/media/${made.json.item.id}/content`, sb)).status).toBe(404);
    // A report the technician is not on.
    const theirs = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      tecnici_ids: [x.adminId],
    });
    expect((await pdfOf(x.tech, theirs.json.item.id)).status).toBe(404);
    const stored = await x.post(x.admin, '/rapportini/rapportino/pdf', { id: theirs.json.item.id });
    expect((await call(t.app, 'GET', `/api/media/${stored.json.item.id}/content`, x.tech)).status).toBe(403);
  });
});
