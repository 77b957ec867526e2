import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { rapportiniEsportazioni } from '../../../platform/db/schema-accounting.js';
import { createCompany } from '../../../test/factories.js';
import { ficKit } from '../../../test/fic-kit.js';
import { exportDue } from './worker.js';

const k = ficKit();
const fake = () => k.kit.fake;
type Item = { name: string; qty: number; net_price: number; vat: { id: number }; code?: string };

describe('Fatture in Cloud export', () => {
  it('sends a completed report by itself: customer created with PEC and SDI code, one line per worked item with its VAT, totals checked first', async () => {
    const x = await k.company({ sezionale: 'INT' });
    await k.connect(x.admin);
    // The article at 10%; labour, travel and km at the company's services rate (22%).
    const art = await x.post(x.admin, '/anagraficaarticoli/articoli', {
      id: x.articoloId,
      codice: 'VALV-10',
      descrizione: 'Valvola a sfera 1/2"',
      unita_misura: 'pz',
      prezzo_vendita: '12.50',
      aliquota_iva: '10',
    });
    expect(art.status, JSON.stringify(art.json)).toBe(200);
    const creates = fake().calls('createIssuedDocument').length;
    const r = await k.report(x);
    await k.settle();
    const state = await k.stateOf(x.admin, r.id);
    expect(state, JSON.stringify(state)).toMatchObject({ strumento: 'fattureincloud', stato: 'INVIATO', errore: null });
    const doc = fake().documents.find((d) => String(d.id) === state.documento_id)!;
    expect(doc).toBeDefined();
    expect(state.link).toBe(doc.url);
    expect(state.numero).toBe(`${doc.number}INT`);
    expect(fake().calls('createIssuedDocument').length).toBe(creates + 1);
    expect(doc).toMatchObject({
      type: 'work_report',
      numeration: 'INT',
      visible_subject: expect.stringMatching(/^Rapportino n\. /),
    });
    const client = fake().clients.find((c) => c.id === (doc.entity as { id: number }).id)!;
    expect(client).toMatchObject({
      name: 'Termoidraulica Bianchi S.r.l.',
      vat_number: x.vat,
      certified_email: 'bianchi@pec.example',
      ei_code: 'M5UXCR1',
    });
    const items = doc.items_list as Item[];
    const byName = (n: RegExp) => items.find((i) => n.test(i.name))!;
    expect(byName(/^Ore di lavoro/)).toMatchObject({ qty: 2.5, vat: { id: 0 } });
    expect(byName(/^Ore di viaggio/)).toMatchObject({ qty: 1, vat: { id: 0 } });
    expect(byName(/^Km/)).toMatchObject({ qty: 30, vat: { id: 0 } });
    expect(byName(/Valvola/)).toMatchObject({ qty: 2, net_price: 12.5, vat: { id: 3 } });
    expect(items.length).toBe(r.item.prezzi.righe.length);
    const total = items.reduce((s, i) => s + Math.round(i.qty * i.net_price * 100), 0);
    expect(total).toBe(Math.round(Number(r.item.prezzi.totale) * 100));
    // Totals asked before the document was made.
    const ops = fake().requests.map((q) => q.operationId);
    expect(ops.lastIndexOf('getNewIssuedDocumentTotals')).toBeLessThan(ops.lastIndexOf('createIssuedDocument'));
    expect(fake().invalid).toEqual([]);
  });

  it('finds the customer by VAT number instead of creating it; makes the option’s document type', async () => {
    const x = await k.company({ tipo: 'fattura' });
    await k.connect(x.admin);
    fake().clients.push({ id: 4242, name: 'Bianchi (in FiC)', vat_number: x.vat });
    const createsBefore = fake().calls('createClient').length;
    const r = await k.report(x);
    await k.settle();
    const state = await k.stateOf(x.admin, r.id);
    expect(state.stato).toBe('INVIATO');
    const doc = fake().documents.find((d) => String(d.id) === state.documento_id)!;
    expect(doc.type).toBe('invoice');
    expect((doc.entity as { id: number }).id).toBe(4242);
    expect(fake().calls('createClient').length).toBe(createsBefore);
    expect(fake().invalid).toEqual([]);
  });

  it('never makes a second document: a retry reads the one kept, or finds it by the report when the id was lost', async () => {
    const x = await k.company();
    await k.connect(x.admin);
    const r = await k.report(x);
    await k.settle();
    const first = await k.stateOf(x.admin, r.id);
    expect(first.stato).toBe('INVIATO');
    const count = () => fake().documents.filter((d) => d.subject === `rapportino:${r.id}`).length;
    expect(count()).toBe(1);
    const gets = fake().calls('getIssuedDocument').length;
    await k.rewind(x.aziendaId, r.id, true);
    await k.exportNow();
    expect(fake().calls('getIssuedDocument').length).toBe(gets + 1);
    // As a job killed after FiC answered and before the id was written leaves it.
    await k.rewind(x.aziendaId, r.id, false);
    await k.exportNow();
    const again = await k.stateOf(x.admin, r.id);
    expect(again).toMatchObject({ stato: 'INVIATO', documento_id: first.documento_id });
    expect(count()).toBe(1);
    // Sent already: a manual export leaves it.
    const manual = await k.api(x.admin, 'POST', '/gestionale/esporta', { ids: [r.id] });
    expect(manual.json).toMatchObject({ accodati: 0, esclusi: [{ id: r.id, motivo: 'GIA_INVIATO' }] });
  });

  it('makes one document when workers run at once (the job woken, the sweep and another worker)', async () => {
    const x = await k.company({ auto: false });
    await k.connect(x.admin);
    const r = await k.report(x);
    const creates = fake().calls('createIssuedDocument').length;
    const queued = await k.api(x.admin, 'POST', '/gestionale/esporta', { ids: [r.id] });
    expect(queued.json.accodati).toBe(1);
    await Promise.all([exportDue(k.kit.t.deps, 5000), exportDue(k.kit.t.deps, 5000), k.settle()]);
    await k.settle();
    expect(fake().calls('createIssuedDocument').length).toBe(creates + 1);
    expect(fake().documents.filter((d) => d.subject === `rapportino:${r.id}`).length).toBe(1);
    expect((await k.stateOf(x.admin, r.id)).stato).toBe('INVIATO');
  });

  it('shows FiC’s refusal and sends again on request; waits out a rate limit without spending an attempt', async () => {
    const x = await k.company();
    await k.connect(x.admin);
    fake().state.forced.push({
      operationId: 'createIssuedDocument',
      status: 422,
      body: { error: { message: 'La numerazione non è valida', validation_result: null } },
    });
    const r = await k.report(x);
    await k.settle();
    const failed = await k.stateOf(x.admin, r.id);
    expect(failed).toMatchObject({ stato: 'FALLITO', documento_id: null, tentativi: 1 });
    expect(failed.errore).toContain('La numerazione non è valida');

    fake().state.forced.push({
      operationId: '*',
      status: 429,
      headers: { 'retry-after': '120' },
      body: { error: { message: 'Too many requests' } },
    });
    const retry = await k.api(x.admin, 'POST', '/gestionale/esporta', { ids: [r.id] });
    expect(retry.json).toMatchObject({ accodati: 1, esclusi: [] });
    await k.settle();
    const [waiting] = await k.kit.t.deps.db
      .select()
      .from(rapportiniEsportazioni)
      .where(and(eq(rapportiniEsportazioni.aziendaId, x.aziendaId), eq(rapportiniEsportazioni.rapportinoId, r.id)));
    expect(waiting).toMatchObject({ stato: 'DA_INVIARE', tentativi: 0 });
    const wait = waiting!.prossimoTentativo!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(100_000);
    expect(wait).toBeLessThanOrEqual(120_000);
    await k.rewind(x.aziendaId, r.id, false);
    await k.exportNow();
    expect(await k.stateOf(x.admin, r.id)).toMatchObject({ stato: 'INVIATO', errore: null, tentativi: 1 });
  });

  it('exports by hand only completed reports, without automatic export; a rate missing in FiC fails with its name', async () => {
    const x = await k.company({ auto: false });
    await k.connect(x.admin);
    const done = await k.report(x);
    const open = await k.report(x, { complete: false });
    await k.settle();
    expect(await k.stateOf(x.admin, done.id)).toBeNull();
    const res = await k.api(x.admin, 'POST', '/gestionale/esporta', { ids: [done.id, open.id] });
    expect(res.json).toMatchObject({ accodati: 1, esclusi: [{ id: open.id, motivo: 'NON_COMPLETATO' }] });
    await k.settle();
    expect((await k.stateOf(x.admin, done.id)).stato).toBe('INVIATO');

    const vat = fake().state.vatTypes;
    fake().state.vatTypes = vat.filter((v) => v.value !== 22);
    try {
      const other = await k.report(x);
      await k.api(x.admin, 'POST', '/gestionale/esporta', { ids: [other.id] });
      await k.settle();
      const st = await k.stateOf(x.admin, other.id);
      expect(st.stato).toBe('FALLITO');
      expect(st.errore).toContain('Aliquote IVA non presenti in Fatture in Cloud: 22%');
    } finally {
      fake().state.vatTypes = vat;
    }
  });

  it('refuses a tool without an exporter, and another company’s report; admins only', async () => {
    const x = await k.company({ tool: 'danea', auto: false });
    const r = await k.report(x);
    const danea = await k.api(x.admin, 'POST', '/gestionale/esporta', { ids: [r.id] });
    expect([danea.status, danea.json.code]).toEqual([409, 'NO_EXPORTER']);
    const other = await createCompany(k.kit.t);
    const admin = await other.login('admin');
    expect((await k.api(admin, 'GET', `/gestionale/esportazioni/${r.id}`)).status).toBe(404);
    await k.setOptions(other.company.id, {
      'integrazione_gestionale.enabled': '1',
      'integrazione_gestionale.gestionale': 'fattureincloud',
    });
    expect((await k.api(admin, 'POST', '/gestionale/esporta', { ids: [r.id] })).status).toBe(404);
    expect((await k.api(x.tech, 'POST', '/gestionale/esporta', { ids: [r.id] })).status).toBe(403);
  });
});
