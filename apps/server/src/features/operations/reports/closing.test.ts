import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { day, reportCompany } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('closing and completing a report', () => {
  it('refuses to close while a mandatory field or check is empty, closes once filled, warns without hours', async () => {
    const x = await reportCompany(t);
    const campo = await x.post(x.admin, '/configuration/intervento', {
      nome: 'Pressione finale (bar)',
      tipo: 'numero',
      obbligatorio: true,
      posizione: 'chiusura',
    });
    const dich = await x.post(x.admin, '/configuration/intervento', {
      nome: 'Impianto in sicurezza',
      tipo: 'vero_falso',
      valore_richiesto: 'true',
      posizione: 'chiusura',
    });
    const job = await x.post(x.admin, '/mansioni/mansione/create', { nome: 'Manutentore' });
    const check = await x.post(x.admin, '/controlli/controllo', {
      mansioneId: job.json.item.id,
      nome_campo: 'Analisi fumi',
      obbligatorio: true,
    });
    expect([campo.status, dich.status, job.status, check.status]).toEqual([200, 200, 200, 200]);
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      mansione_id: job.json.item.id,
    });
    const id = r.json.item.id;
    expect(r.json.item.controlli).toEqual([
      { controllo_id: check.json.item.id, descrizione: 'Analisi fumi', esito: null, note: null },
    ]);
    const refused = await x.post(x.admin, '/rapportini/rapportino/chiusura', { id });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('REPORT_MANDATORY_FIELDS');
    expect(refused.json.fields.map((f: any) => f.message)).toEqual([
      'Pressione finale (bar): obbligatorio',
      'Impianto in sicurezza: deve essere «Sì»',
      'Analisi fumi: risposta obbligatoria',
    ]);
    // A wrong value for the field's type is refused on save.
    const wrong = await x.post(x.admin, '/rapportini/rapportino/admin/update', {
      id,
      cliente_id: x.clienteId,
      mansione_id: job.json.item.id,
      campi_personalizzati: [{ campo_id: campo.json.item.id, valore: 'alta' }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fields[0]).toMatchObject({ path: 'campi_personalizzati.0.valore' });
    const filled = await x.post(x.admin, '/rapportini/rapportino/admin/update', {
      id,
      cliente_id: x.clienteId,
      mansione_id: job.json.item.id,
      controlli: [{ controllo_id: check.json.item.id, esito: 'ok' }],
      campi_personalizzati: [
        { campo_id: campo.json.item.id, valore: '1,5' }, // typed the Italian way
        { campo_id: dich.json.item.id, valore: 'true' },
      ],
    });
    expect(filled.status, JSON.stringify(filled.json)).toBe(200);
    const stored = filled.json.item.campi_personalizzati.find((c: any) => c.campo_id === campo.json.item.id);
    expect(stored.valore).toBe('1.5');
    const closed = await x.post(x.admin, '/rapportini/rapportino/chiusura', { id });
    expect(closed.status).toBe(200);
    expect(closed.json.item).toMatchObject({ stato: 'CHIUSO', modificabile: false });
    expect(closed.json.item.data_chiusura).not.toBeNull();
    expect(closed.json.warnings).toEqual(['NO_HOURS']);
    expect((await x.post(x.admin, '/rapportini/rapportino/chiusura', { id })).json.code).toBe('REPORT_NOT_EDITABLE');
  });

  it('keeps a closed report as it is unless reopening is on, but lets return travel be added', async () => {
    const x = await reportCompany(t);
    const body = { cliente_id: x.clienteId, giornate: [day(x.techId, '2026-11-02', { km_viaggio: '30' })] };
    const r = await x.post(x.tech, '/rapportini/rapportino/lavorazione', body);
    const id = r.json.item.id;
    const closed = await x.post(x.tech, '/rapportini/rapportino/chiusura', { id });
    expect(closed.json.warnings).toBeUndefined();
    const edit = await x.post(x.tech, '/rapportini/rapportino/lavorazione', { id, ...body, note: 'cambiata' });
    expect(edit.status).toBe(409);
    expect(edit.json.code).toBe('REPORT_NOT_EDITABLE');
    const back = await x.post(x.tech, '/rapportini/rapportino/lavorazione', {
      id,
      ...body,
      giornate: [
        ...body.giornate,
        day(x.techId, '2026-11-02', { totale_ore: '0', km_viaggio: '30', ore_viaggio: '0,5', ritorno: true }),
      ],
    });
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    expect(back.json.item.giornate.map((g: any) => [g.km_viaggio, g.ritorno])).toEqual([
      ['30.0', false],
      ['30.0', true],
    ]);
    expect(back.json.item.stato).toBe('CHIUSO');
    await x.setOptions([{ category: 'riapertura_rapportini_chiusi', subcategory: 'enabled', value: '1' }]);
    const reopened = await x.post(x.tech, '/rapportini/rapportino/lavorazione', { id, ...body, note: 'cambiata' });
    expect(reopened.status).toBe(200);
    expect(reopened.json.item).toMatchObject({ note: 'cambiata', stato: 'CHIUSO', modificabile: true });
  });

  it('completes a closed report once, irreversibly, writing report.closed and report.completed to the outbox with their changes', async () => {
    const x = await reportCompany(t);
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      giornate: [day(x.techId, '2026-11-02')],
    });
    const id = r.json.item.id;
    expect((await x.post(x.admin, '/rapportini/rapportino/chiusura', { id, azione: 'completa' })).json.code).toBe(
      'REPORT_NOT_CLOSED',
    );
    await x.post(x.admin, '/rapportini/rapportino/chiusura', { id });
    // The technician (own data only) may not complete.
    expect((await x.post(x.tech, '/rapportini/rapportino/chiusura', { id, azione: 'completa' })).status).toBe(403);
    const done = await x.post(x.admin, '/rapportini/rapportino/chiusura', { id, azione: 'completa' });
    expect(done.status).toBe(200);
    expect(done.json.item).toMatchObject({ completato: true, modificabile: false });
    const again = await x.post(x.admin, '/rapportini/rapportino/chiusura', { id, azione: 'completa' });
    expect([again.status, again.json.code]).toEqual([409, 'REPORT_COMPLETED']);
    await x.setOptions([{ category: 'riapertura_rapportini_chiusi', subcategory: 'enabled', value: '1' }]);
    const edit = await x.post(x.admin, '/rapportini/rapportino/admin/update', { id, cliente_id: x.clienteId });
    expect(edit.json.code).toBe('REPORT_COMPLETED');
    expect((await x.post(x.admin, '/rapportini/rapportini/delete-bulk', { ids: [id] })).json).toMatchObject({
      removed: 0,
      skipped: [{ id, reason: 'REPORT_COMPLETED' }],
    });
    const events = await t.deps.database.executeSql(
      `select tipo, aggregate_id, payload, version from outbox_events
       where azienda_id = $1 and tipo in ('report.closed', 'report.completed') order by txid, seq`,
      [x.c.company.id],
    );
    expect(events.rows.map((e: any) => e.tipo)).toEqual(['report.closed', 'report.completed']);
    expect(events.rows[1]).toMatchObject({ tipo: 'report.completed', aggregate_id: id, version: 1 });
    expect((events.rows[1] as any).payload).toMatchObject({ id, numero_assistenza: r.json.item.numero_assistenza });
    expect((events.rows[0] as any).payload).toMatchObject({ id, cliente_id: x.clienteId });
  });

  it('deletes open reports in bulk, all or none, and answers 0033 for a job role in a report', async () => {
    const x = await reportCompany(t);
    const job = await x.post(x.admin, '/mansioni/mansione/create', { nome: 'Frigorista' });
    const a = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      mansione_id: job.json.item.id,
    });
    const b = await x.post(x.admin, '/rapportini/rapportino/lavorazione', { cliente_id: x.clienteId });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/mansioni/mansione/${job.json.item.id}`,
      headers: { authorization: `Bearer ${x.admin.token}`, 'device-id': x.admin.deviceId, source: 'WEB' },
    });
    expect([refused.statusCode, refused.json().code]).toEqual([403, '0033']);
    const unknown = await x.post(x.admin, '/rapportini/rapportini/delete-bulk', {
      ids: [a.json.item.id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.status).toBe(404);
    const ok = await x.post(x.admin, '/rapportini/rapportini/delete-bulk', { ids: [a.json.item.id, b.json.item.id] });
    expect(ok.json.removed).toBe(2);
    expect((await x.get(x.admin, '/rapportini/rapportini/admin')).json.totaleElementi).toBe(0);
  });

  it('asks the closer only for the fields their screen shows: a web-only field does not block the technician', async () => {
    const x = await reportCompany(t);
    const office = await x.post(x.admin, '/configuration/intervento', {
      nome: 'Codice commessa',
      tipo: 'testo_breve',
      obbligatorio: true,
      posizione: 'chiusura',
      visibilita: { app: false, web: true, stampa: true },
    });
    const both = await x.post(x.admin, '/configuration/intervento', {
      nome: 'Esito prova',
      tipo: 'testo_breve',
      obbligatorio: true,
      posizione: 'chiusura',
    });
    expect([office.status, both.status]).toEqual([200, 200]);
    const mine = await x.post(x.tech, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      giornate: [day(x.techId, '2026-11-02')],
    });
    const id = mine.json.item.id;
    const refused = await x.post(x.tech, '/rapportini/rapportino/chiusura', { id });
    expect(refused.status).toBe(400);
    expect(refused.json.fields.map((f: any) => f.message)).toEqual(['Esito prova: obbligatorio']);
    await x.post(x.tech, '/rapportini/rapportino/lavorazione', {
      id,
      cliente_id: x.clienteId,
      giornate: [day(x.techId, '2026-11-02')],
      campi_personalizzati: [{ campo_id: both.json.item.id, valore: 'Tenuta OK' }],
    });
    const closed = await x.post(x.tech, '/rapportini/rapportino/chiusura', { id });
    expect(closed.status, JSON.stringify(closed.json)).toBe(200);
    expect(closed.json.item.stato).toBe('CHIUSO');
    // The office, whose screen shows the field, is asked for it.
    const other = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      giornate: [day(x.techId, '2026-11-02')],
      campi_personalizzati: [{ campo_id: both.json.item.id, valore: 'Tenuta OK' }],
    });
    const byOffice = await x.post(x.admin, '/rapportini/rapportino/chiusura', { id: other.json.item.id });
    expect(byOffice.status).toBe(400);
    expect(byOffice.json.fields.map((f: any) => f.message)).toEqual(['Codice commessa: obbligatorio']);
  });
});
