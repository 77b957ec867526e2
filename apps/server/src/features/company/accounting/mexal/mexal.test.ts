import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemPrincipal } from '../../../../platform/auth/principal.js';
import { companyContext, companyOf } from '../../../../platform/context.js';
import { call, startTestApp, type TestApp } from '../../../../test/harness.js';
import { startMexalFake } from '../../../../test/mexal-fake.js';
import { day, reportCompany, type S } from '../../../operations/reports/test-helpers.js';
import { AccountingExportError } from '../exporter.js';
import { EVENTS_QUEUE } from '../../../../platform/events/outbox.js';
import { drainJobs } from '../../../../test/jobs.js';
import { opzioniAzienda } from '../../../../platform/db/schema-options.js';
import { ACCOUNTING_QUEUE } from '../worker.js';
import { mexalAddressRefusal } from './address.js';
import { mexalExporter } from './exporter.js';

/**
 * Passepartout Mexal (issue 29, decision 0052) against a local fake WebAPI on loopback (WEBHOOKS_ALLOW_PRIVATE, as the
 * webhook tests): login, a refused password kept and never tried again, logout, a completed report made into one
 * document with one line per worked item and its VAT, the earlier id read back instead of a second document, and
 * another company's admin seeing and changing nothing of it.
 */

let t: TestApp;
let fake: Awaited<ReturnType<typeof startMexalFake>>;
beforeAll(async () => {
  t = await startTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
  fake = await startMexalFake({ user: 'WEBAPI', password: 'Segreta!1', aziende: ['DEM'] });
});
afterAll(async () => {
  await fake?.close();
  await t?.close();
});

const login = (s: S, over: Record<string, unknown> = {}) =>
  call(t.app, 'POST', '/api/mexal/login', {
    ...s,
    body: { indirizzo: fake.url, utente: 'WEBAPI', password: 'Segreta!1', azienda: 'DEM', anno: 2026, ...over },
  });
const check = (s: S) => call(t.app, 'GET', '/api/mexal/check', s);
const logout = (s: S) => call(t.app, 'POST', '/api/mexal/logout', s);
const ctxOf = async (aziendaId: string) =>
  companyContext(t.deps, await companyOf(t.deps.db, aziendaId), systemPrincipal('test', []));

/** A company whose completed report is billed to a customer with a VAT number: 2,5 h, 30 km, two 10% and one N4 article. */
async function completedReport() {
  const x = await reportCompany(t);
  const rossi = await x.post(x.admin, '/clienti/cliente', {
    ragione_sociale: 'Idraulica Rossi & Figli',
    indirizzo: 'Via Università 3',
    cap: '47121',
    citta: 'Forlì',
    provincia: 'FC',
    partita_iva: '01234567897',
    pec: 'rossi@pec.it',
  });
  expect(rossi.status, JSON.stringify(rossi.json)).toBe(200);
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
  const report = async () => {
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      cliente_fatturazione_id: rossi.json.item.id,
      data_apertura: '2026-11-03',
      motivazione: 'Caldaia in blocco',
      tecnici_ids: [x.techId],
      giornate: [day(x.techId, '2026-11-03', { totale_ore: '2,5', km_viaggio: '30' })],
      materiali: [
        { articolo_id: r10, descrizione: 'Ricambio pompa', quantita: '2' },
        { articolo_id: exempt, descrizione: 'Verifica esente', quantita: '1' },
      ],
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const id = r.json.item.id as string;
    for (const azione of ['chiudi', 'completa']) {
      const done = await x.post(x.admin, '/rapportini/rapportino/chiusura', { id, azione });
      expect(done.status, JSON.stringify(done.json)).toBe(200);
    }
    return r.json.item as { id: string; numero_assistenza: string; prezzi: { righe: unknown[] } };
  };
  return { x, report };
}

describe('Mexal connection', () => {
  it('signs in with one harmless call carrying the Passepartout and Coordinate-Gestionale headers', async () => {
    const { x } = await completedReport();
    const before = fake.requests.length;
    const r = await login(x.admin);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.item).toMatchObject({ stato: 'CONNESSO', utente: 'WEBAPI', azienda: 'DEM', anno: 2026 });
    expect(JSON.stringify(r.json)).not.toContain('Segreta');
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'GET',
      path: '/webapi/risorse/dati-generali/installazione',
      authorization: `Passepartout ${Buffer.from('WEBAPI:Segreta!1').toString('base64')}`,
      coordinates: 'Azienda=DEM Anno=2026',
    });
    expect((await check(x.admin)).json.item.stato).toBe('CONNESSO');
    // The password is kept sealed.
    const rows = await t.deps.database.executeSql('select password from mexal_connessioni where azienda_id = $1', [
      x.c.company.id,
    ]);
    const stored = rows.rows[0] as { password: string };
    expect(stored.password).toMatch(/^v1:/);
    expect(stored.password).not.toContain('Segreta');
  });

  it('keeps a refused password refused: one attempt only, and no later export calls Mexal', async () => {
    const { x, report } = await completedReport();
    const refusedBefore = fake.counts.refused;
    const r = await login(x.admin, { password: 'Sbagliata' });
    expect(r.status, JSON.stringify(r.json)).toBe(422);
    expect(r.json.code).toBe('MEXAL_LOGIN_REFUSED');
    expect(fake.counts.refused - refusedBefore).toBe(1);
    const state = (await check(x.admin)).json.item;
    expect(state).toMatchObject({ stato: 'RIFIUTATO', azienda: 'DEM' });
    expect(state.rifiutatoIl).not.toBeNull();
    expect(state.messaggio).toContain('non verrà ritentato');

    const rep = await report();
    const ctx = await ctxOf(x.c.company.id);
    // Signed in (so the export is tried and the refusal shown on the report), but nothing reaches Mexal.
    expect(await mexalExporter.connected(ctx)).toBe(true);
    const seen = fake.requests.length;
    for (let i = 0; i < 3; i++) {
      const err = await mexalExporter.exportReport(ctx, rep.id, null).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AccountingExportError);
      expect(err).toMatchObject({ code: 'MEXAL_LOGIN_REFUSED', retryable: false });
    }
    expect(fake.requests.length).toBe(seen);
    expect(fake.counts.refused - refusedBefore).toBe(1);

    // A new login with the right password clears the refusal.
    expect((await login(x.admin)).json.item.stato).toBe('CONNESSO');
    expect(await mexalExporter.connected(ctx)).toBe(true);
  });

  it('answers 502 and keeps nothing when Mexal cannot be reached, and signs out', async () => {
    const { x } = await completedReport();
    const down = await login(x.admin, { indirizzo: 'http://127.0.0.1:9' });
    expect(down.status).toBe(502);
    expect(down.json.code).toBe('MEXAL_UNAVAILABLE');
    expect((await check(x.admin)).json.item.stato).toBe('NON_CONNESSO');
    expect((await login(x.admin)).status).toBe(200);
    const out = await logout(x.admin);
    expect(out.status).toBe(200);
    expect(out.json.item).toMatchObject({ stato: 'NON_CONNESSO', indirizzo: null, utente: null });
    const ctx = await ctxOf(x.c.company.id);
    expect(await mexalExporter.connected(ctx)).toBe(false);
    await expect(mexalExporter.exportReport(ctx, '00000000-0000-4000-8000-000000000000', null)).rejects.toMatchObject({
      code: 'MEXAL_NOT_CONNECTED',
      retryable: false,
    });
  });

  it('validates the form: address, user, company code and year', async () => {
    const { x } = await completedReport();
    const bad = await login(x.admin, { indirizzo: 'ftp://mexal', utente: 'a:b', azienda: 'D E M', anno: 12 });
    expect(bad.status).toBe(400);
    const paths = (bad.json.fields as { path: string }[]).map((f) => f.path).sort();
    expect(paths).toEqual(['anno', 'azienda', 'indirizzo', 'utente']);
  });

  it('is for admins only, and another company sees and changes nothing', async () => {
    const a = await completedReport();
    const b = await completedReport();
    expect((await login(a.x.admin)).status).toBe(200);
    expect((await check(a.x.tech)).status).toBe(403);
    expect((await logout(a.x.tech)).status).toBe(403);
    expect((await check(b.x.admin)).json.item.stato).toBe('NON_CONNESSO');
    expect((await logout(b.x.admin)).status).toBe(200);
    expect((await check(a.x.admin)).json.item.stato).toBe('CONNESSO');
    // B's exporter does not use A's connection, even for A's report.
    const rep = await a.report();
    await expect(mexalExporter.exportReport(await ctxOf(b.x.c.company.id), rep.id, null)).rejects.toMatchObject({
      code: 'MEXAL_NOT_CONNECTED',
    });
  });
});

describe('Mexal export', () => {
  it('makes one document per completed report: the customer found or created, one line per item with its VAT', async () => {
    const { x, report } = await completedReport();
    const opts = await x.setOptions([
      { category: 'danea_tipo_documento', subcategory: 'value', value: 'fattura' },
      { category: 'integrazione_gestionale', subcategory: 'sezionale', value: '2' },
    ]);
    expect(opts.status, JSON.stringify(opts.json)).toBe(200);
    expect((await login(x.admin)).status).toBe(200);
    const ctx = await ctxOf(x.c.company.id);
    const rep = await report();
    const customersBefore = fake.clienti.size;
    const out = await mexalExporter.exportReport(ctx, rep.id, null);
    expect(out.documentId).toMatch(/^FT\+2\+\d+$/);
    expect(out.url).toBeNull();
    expect(out.number).toBe(`FT ${out.documentId.split('+')[2]}/2`);
    expect(fake.clienti.size).toBe(customersBefore + 1);
    const doc = fake.documenti.get(`documenti/movimenti-magazzino/${out.documentId}`)!;
    const customer = fake.clienti.get(doc.cod_conto as string)!;
    expect(customer).toMatchObject({
      ragione_sociale: 'Idraulica Rossi & Figli',
      partita_iva: 'IT01234567897',
      pec: 'rossi@pec.it',
      provincia: 'FC',
    });
    expect(doc).toMatchObject({ sigla: 'FT', serie: 2, data_documento: '20261103' });
    const lines = (doc.codice_articolo as [number, string][]).map(([i, code]) => {
      const at = (f: string) => (doc[f] as [number, unknown][]).find((p) => p[0] === i)![1];
      return { code, qty: at('quantita'), price: at('prezzo'), iva: at('cod_iva') };
    });
    // One line per price line of the report (hours, km, the two materials), each at its price and rate.
    expect(lines).toHaveLength(rep.prezzi.righe.length);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'ORE', qty: 2.5, iva: '22' }),
        expect.objectContaining({ code: 'KM', qty: 30, iva: '22' }),
        { code: 'R10', qty: 2, price: 12.5, iva: '10' },
        { code: 'ESE', qty: 1, price: 12.5, iva: 'N4' },
      ]),
    );

    // Another report of the same customer finds it instead of creating it again.
    const second = await mexalExporter.exportReport(ctx, (await report()).id, null);
    expect(second.documentId).not.toBe(out.documentId);
    expect(fake.clienti.size).toBe(customersBefore + 1);
    const secondDoc = fake.documenti.get(`documenti/movimenti-magazzino/${second.documentId}`)!;
    expect(secondDoc.cod_conto).toBe(doc.cod_conto);
  });

  it('sends a report on its completion through the export job when the company chose Mexal, once', async () => {
    const { x, report } = await completedReport();
    // The paid option as the subscription would have activated it.
    for (const [subcategory, value] of [
      ['enabled', '1'],
      ['gestionale', 'mexal'],
      ['esporta_automatico', '1'],
    ] as const)
      await t.deps.db
        .insert(opzioniAzienda)
        .values({ aziendaId: x.c.company.id, category: 'integrazione_gestionale', subcategory, value })
        .onConflictDoUpdate({
          target: [opzioniAzienda.aziendaId, opzioniAzienda.category, opzioniAzienda.subcategory],
          set: { value },
        });
    expect((await login(x.admin)).status).toBe(200);
    const before = fake.documenti.size;
    const rep = await report();
    await drainJobs(t, { queues: [EVENTS_QUEUE, ACCOUNTING_QUEUE], timeoutMs: 20_000 });
    const state = await call(t.app, 'GET', `/api/gestionale/esportazioni/${rep.id}`, x.admin);
    expect(state.status, JSON.stringify(state.json)).toBe(200);
    expect(state.json.item).toMatchObject({ strumento: 'mexal', stato: 'INVIATO' });
    expect(fake.documenti.has(`documenti/movimenti-magazzino/${state.json.item.documento_id}`)).toBe(true);
    expect(fake.documenti.size).toBe(before + 1);
    // Sent already: asking again sends nothing.
    const again = await call(t.app, 'POST', '/api/gestionale/esporta', { ...x.admin, body: { ids: [rep.id] } });
    expect(again.json).toMatchObject({ accodati: 0, esclusi: [{ id: rep.id, motivo: 'GIA_INVIATO' }] });
  });

  it('reads the earlier document back instead of making a second one', async () => {
    const { x, report } = await completedReport();
    expect((await login(x.admin)).status).toBe(200);
    const ctx = await ctxOf(x.c.company.id);
    const rep = await report();
    const first = await mexalExporter.exportReport(ctx, rep.id, null);
    // The default document type: an intervention report is a delivery note (BC) in Mexal, series 1.
    expect(first.documentId).toMatch(/^BC\+1\+\d+$/);
    const documents = fake.documenti.size;
    const posts = fake.requests.filter((r) => r.method === 'POST').length;
    const again = await mexalExporter.exportReport(ctx, rep.id, first.documentId);
    expect(again).toEqual(first);
    expect(fake.documenti.size).toBe(documents);
    expect(fake.requests.filter((r) => r.method === 'POST').length).toBe(posts);
    // An earlier id Mexal no longer has stops the export: never a second document.
    await expect(mexalExporter.exportReport(ctx, rep.id, 'BC+1+99999')).rejects.toMatchObject({
      code: 'MEXAL_DOCUMENT_MISSING',
      retryable: false,
    });
    expect(fake.documenti.size).toBe(documents);
  });

  it('marks the connection refused when Mexal refuses the password during an export', async () => {
    const { x, report } = await completedReport();
    expect((await login(x.admin)).status).toBe(200);
    const ctx = await ctxOf(x.c.company.id);
    const rep = await report();
    // The password changed in Mexal since the login: the stored one is now wrong.
    await t.deps.database.executeSql(`update mexal_connessioni set utente = 'ALTRO' where azienda_id = $1`, [
      x.c.company.id,
    ]);
    const refusedBefore = fake.counts.refused;
    await expect(mexalExporter.exportReport(ctx, rep.id, null)).rejects.toMatchObject({
      code: 'MEXAL_LOGIN_REFUSED',
      retryable: false,
    });
    expect(fake.counts.refused - refusedBefore).toBe(1);
    expect((await check(x.admin)).json.item.stato).toBe('RIFIUTATO');
    await expect(mexalExporter.exportReport(ctx, rep.id, null)).rejects.toMatchObject({ code: 'MEXAL_LOGIN_REFUSED' });
    expect(fake.counts.refused - refusedBefore).toBe(1);
  });
});

describe('Mexal address check', () => {
  const resolve = async (host: string) =>
    host === 'mexal.example.com' ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '10.0.0.5', family: 4 }];
  it('refuses private, loopback and names resolving to them unless allowed', async () => {
    expect(await mexalAddressRefusal('https://mexal.example.com:9004', resolve, false)).toBeNull();
    expect(await mexalAddressRefusal('http://127.0.0.1:9004', resolve, false)).toMatch(/loopback/);
    expect(await mexalAddressRefusal('https://192.168.1.10', resolve, false)).toMatch(/privata/);
    expect(await mexalAddressRefusal('https://localhost', resolve, false)).toMatch(/macchina stessa/);
    expect(await mexalAddressRefusal('https://intranet.example', resolve, false)).toMatch(/10\.0\.0\.5/);
    expect(await mexalAddressRefusal('http://127.0.0.1:9004', resolve, true)).toBeNull();
  });
});
