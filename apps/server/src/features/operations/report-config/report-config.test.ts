import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, onPostgres, startTestApp, type TestApp } from '../../../test/harness.js';
import { day, reportCompany } from '../reports/test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('custom fields of the report', () => {
  it('saves fields of every type, checks their values, orders a position by dragging, lists the six positions', async () => {
    const x = await reportCompany(t);
    const save = (body: Record<string, unknown>) => x.post(x.admin, '/configuration/intervento', body);
    const a = await save({
      nome: 'Tipo caldaia',
      tipo: 'scelta',
      scelte: ['Murale', 'A basamento'],
      valore: 'Murale',
      posizione: 'intestazione',
    });
    const b = await save({
      nome: 'Ora di arrivo',
      tipo: 'ora',
      posizione: 'intestazione',
      visibilita: { app: true, web: true, stampa: false },
    });
    const c = await save({ nome: 'Note per il cliente', tipo: 'testo_lungo', posizione: 'intestazione' });
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(a.json.item).toMatchObject({
      tipo_campo: 'select',
      ordine: 1,
      abilitazione: true,
      visibilita: { app: true, web: true, stampa: true },
    });
    expect(b.json.item).toMatchObject({ tipo_campo: 'time', ordine: 2 });
    const bad = await save({ nome: 'Scelta vuota', tipo: 'scelta', posizione: 'chiusura' });
    expect(bad.json.fields).toEqual([expect.objectContaining({ path: 'scelte', message: 'Indica almeno una scelta' })]);
    const badDefault = await save({ nome: 'Km', tipo: 'numero', valore: 'tanti', posizione: 'chiusura' });
    expect(badDefault.json.fields).toEqual([expect.objectContaining({ path: 'valore', message: 'Numero non valido' })]);
    const badPos = await save({ nome: 'X', tipo: 'numero', posizione: 'altrove' });
    expect(badPos.status).toBe(400);
    // Dragging "Note" first.
    const moved = await save({
      ...c.json.item,
      id: c.json.item.id,
      tipo_campo: undefined,
      ordine: undefined,
      articolo_codice: undefined,
      ordine_posizione: [c.json.item.id, a.json.item.id, b.json.item.id],
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    const list = await x.get(x.admin, '/configuration/intervento');
    expect(list.json.items.map((i: any) => [i.nome, i.ordine])).toEqual([
      ['Note per il cliente', 1],
      ['Tipo caldaia', 2],
      ['Ora di arrivo', 3],
    ]);
    const pos = await x.get(x.admin, '/configuration/campi/posizione');
    expect(pos.json.items.map((p: any) => p.codice)).toEqual([
      'intestazione',
      'richiesta_iniziale',
      'ore_lavorate',
      'materiale',
      'controlli',
      'chiusura',
    ]);
    // A technician may not configure.
    expect(
      (await x.post(x.tech, '/configuration/intervento', { nome: 'X', tipo: 'numero', posizione: 'chiusura' })).status,
    ).toBe(403);
  });

  it("takes a default and a required value of the field's type only: numbers the Italian way, real dates, yes or no", async () => {
    const x = await reportCompany(t);
    const save = (body: Record<string, unknown>) => x.post(x.admin, '/configuration/intervento', body);
    const num = await save({
      nome: 'Pressione',
      tipo: 'numero',
      valore: '1,5',
      valore_richiesto: '1.200,5',
      posizione: 'chiusura',
    });
    expect(num.status, JSON.stringify(num.json)).toBe(200);
    expect([num.json.item.valore, num.json.item.valore_richiesto]).toEqual(['1.5', '1200.5']);
    for (const [tipo, valore, message] of [
      ['data', '2026-02-31', 'Data non valida'],
      ['data', '31/12/2026', 'Data non valida'],
      ['vero_falso', 'sì', 'Deve essere sì o no'],
      ['ora', '25:00', 'Ora non valida (HH:MM)'],
    ] as const) {
      for (const key of ['valore', 'valore_richiesto']) {
        const bad = await save({ nome: 'Controllo', tipo, [key]: valore, posizione: 'chiusura' });
        expect(bad.status, `${tipo} ${key} ${valore}`).toBe(400);
        expect(bad.json.fields).toEqual([expect.objectContaining({ path: key, message })]);
      }
    }
    const fine = await save({
      nome: 'Collaudo',
      tipo: 'data',
      valore: '2028-02-29',
      valore_richiesto: null,
      posizione: 'chiusura',
    });
    const yes = await save({
      nome: 'In sicurezza',
      tipo: 'vero_falso',
      valore_richiesto: 'true',
      posizione: 'chiusura',
    });
    expect([fine.status, yes.status]).toEqual([200, 200]);
  });

  it('starts new reports with the defaults, keeps a disabled or removed field in old reports, prices a linked field', async () => {
    const x = await reportCompany(t);
    const save = (body: Record<string, unknown>) => x.post(x.admin, '/configuration/intervento', body);
    const tipo = await save({
      nome: 'Tipo caldaia',
      tipo: 'scelta',
      scelte: ['Murale', 'A basamento'],
      valore: 'Murale',
      posizione: 'intestazione',
    });
    const fumi = await save({
      nome: 'Analisi fumi',
      tipo: 'vero_falso',
      posizione: 'controlli',
      articolo_id: x.articoloId,
    });
    const old = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      campi_personalizzati: [{ campo_id: fumi.json.item.id, valore: 'true' }],
    });
    expect(old.json.item.campi_personalizzati.map((c: any) => [c.nome, c.valore])).toEqual([
      ['Analisi fumi', 'true'],
      ['Tipo caldaia', 'Murale'],
    ]);
    // The linked article (12.50) charged once for a filled yes/no field.
    expect(old.json.item.prezzi.righe).toEqual([
      expect.objectContaining({
        voce: 'campo',
        descrizione: 'Analisi fumi',
        quantita: '1.00',
        importo: '12.50',
        origine: 'articolo',
      }),
    ]);
    // Disable one, remove the other: new reports have neither, the old one keeps both values.
    await save({ ...pick(tipo.json.item), abilitazione: false });
    const removed = await call(t.app, 'DELETE', `/api/configuration/intervento/remove/${fumi.json.item.id}`, x.admin);
    expect(removed.json.esito).toBe('hidden');
    const fresh = await x.post(x.admin, '/rapportini/rapportino/lavorazione', { cliente_id: x.clienteId });
    expect(fresh.json.item.campi_personalizzati).toEqual([]);
    const again = await x.get(x.admin, `/rapportini/rapportini/admin/${old.json.item.id}`);
    expect(again.json.item.campi_personalizzati.map((c: any) => [c.nome, c.valore, c.abilitazione])).toEqual([
      ['Analisi fumi', 'true', false],
      ['Tipo caldaia', 'Murale', false],
    ]);
    expect((await x.get(x.admin, '/configuration/intervento')).json.items.map((i: any) => i.nome)).toEqual([
      'Tipo caldaia',
    ]);
    // A field no report holds is really deleted.
    const unused = await save({ nome: 'Mai usato', tipo: 'testo_breve', posizione: 'chiusura' });
    await save({ ...pick(tipo.json.item), abilitazione: true });
    const gone = await call(t.app, 'DELETE', `/api/configuration/intervento/remove/${unused.json.item.id}`, x.admin);
    expect(gone.json.esito).toBe('deleted');
  });
});

const pick = (i: any) => ({
  id: i.id,
  nome: i.nome,
  tipo: i.tipo,
  valore: i.valore,
  obbligatorio: i.obbligatorio,
  abilitazione: i.abilitazione,
  valore_richiesto: i.valore_richiesto,
  posizione: i.posizione,
  visibilita: i.visibilita,
  articolo_id: i.articolo_id,
  scelte: i.scelte,
});

describe('numbering', () => {
  it('formats numbers by the pattern, moves the counter only forwards, resets per year', async () => {
    const x = await reportCompany(t);
    const year = new Date().getFullYear();
    const n0 = await x.get(x.admin, '/numerazioni/numerazione');
    expect(n0.json.item).toMatchObject({
      formato: '{ANNO}/{NUMERO}',
      cifre: 5,
      prossimo_numero: 1,
      anteprima: `${year}/00001`,
    });
    const set = await x.post(x.admin, '/numerazioni/numerazione', {
      prefisso: 'RAP',
      formato: '{PREFISSO}-{AA}-{NUMERO}',
      cifre: 4,
      azzeramento_annuale: true,
      prossimo_numero: 120,
    });
    expect(set.json.item).toMatchObject({
      prossimo_numero: 120,
      anteprima: `RAP-${String(year % 100).padStart(2, '0')}-0120`,
    });
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', { cliente_id: x.clienteId });
    expect(r.json.item.numero_assistenza).toBe(`RAP-${String(year % 100).padStart(2, '0')}-0120`);
    const back = await x.post(x.admin, '/numerazioni/numerazione', {
      prefisso: 'RAP',
      formato: '{PREFISSO}-{AA}-{NUMERO}',
      cifre: 4,
      azzeramento_annuale: true,
      prossimo_numero: 100,
    });
    expect(back.status).toBe(400);
    expect(back.json.fields[0]).toMatchObject({ path: 'prossimo_numero', message: expect.stringContaining('121') });
    const noYear = await x.post(x.admin, '/numerazioni/numerazione', {
      prefisso: '',
      formato: '{NUMERO}',
      cifre: 6,
      azzeramento_annuale: true,
    });
    expect(noYear.json.fields[0]).toMatchObject({ path: 'formato' });
    // A report opened in another year starts that year's sequence.
    const lastYear = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      data_apertura: `${year - 1}-12-30`,
    });
    expect(lastYear.json.item.numero_assistenza).toBe(`RAP-${String((year - 1) % 100).padStart(2, '0')}-0001`);
  });

  it.runIf(onPostgres)('gives concurrent creations consecutive numbers, none reused nor skipped', async () => {
    const x = await reportCompany(t);
    const n = 25;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        x.post(x.admin, '/rapportini/rapportino/lavorazione', {
          cliente_id: x.clienteId,
          // Every fifth creation fails after taking its number (an unknown technician): its number is given back.
          giornate: [day(i % 5 === 4 ? '00000000-0000-4000-8000-000000000000' : x.techId, '2026-11-02')],
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(20);
    const year = new Date().getFullYear();
    const numbers = ok.map((r) => r.json.item.numero_assistenza).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `${year}/${String(i + 1).padStart(5, '0')}`));
  });
});
