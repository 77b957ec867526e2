import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany, randomPartitaIva } from '../../../test/factories.js';
import { eventsOf, failCommitOn } from '../../../test/outbox.js';
import { importCsv } from '../imports/test-helpers.js';
import { newCliente } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('customer events in the outbox', () => {
  it('customer.created at creation, customer.updated at a save that changes something and a pin moved on the map', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const piva = randomPartitaIva();
    const body = newCliente({ ragione_sociale: 'Rossi Impianti S.r.l.', partita_iva: piva });
    const created = await call(t.app, 'POST', '/api/clienti/cliente', { ...admin, body });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id = created.json.item.id as string;
    const renamed = await call(t.app, 'POST', '/api/clienti/cliente', {
      ...admin,
      body: { ...body, id, ragione_sociale: 'Rossi Impianti S.p.A.', codice_fiscale: 'rssmra85t10a562s' },
    });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    // The same form saved again changes nothing: nothing is announced.
    const again = await call(t.app, 'POST', '/api/clienti/cliente', {
      ...admin,
      body: { ...body, id, ragione_sociale: 'Rossi Impianti S.p.A.', codice_fiscale: 'rssmra85t10a562s' },
    });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    const pin = await call(t.app, 'POST', '/api/clienti/cliente/geolocation', {
      ...admin,
      body: { id, latitude: 45.4642, longitude: 9.19 },
    });
    expect(pin.status).toBe(200);
    const events = await eventsOf(t, c.company.id);
    expect(events.map((e) => [e.tipo, e.aggregate_id, e.azienda_id])).toEqual([
      ['customer.created', id, c.company.id],
      ['customer.updated', id, c.company.id],
      ['customer.updated', id, c.company.id],
    ]);
    expect(events[0]!.payload).toEqual({
      id,
      ragione_sociale: 'Rossi Impianti S.r.l.',
      partita_iva: piva,
      codice_fiscale: null,
    });
    expect(events[1]!.payload).toMatchObject({
      ragione_sociale: 'Rossi Impianti S.p.A.',
      codice_fiscale: 'RSSMRA85T10A562S',
    });
  });

  it('a save whose commit fails writes neither the customer nor its event', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    await failCommitOn(t, 'clienti', 'note', 'ROLLBACK-EVENTS-TEST');
    const r = await call(t.app, 'POST', '/api/clienti/cliente', {
      ...admin,
      body: newCliente({ note: 'ROLLBACK-EVENTS-TEST' }),
    });
    expect(r.status).toBe(500);
    const left = await t.deps.database.executeSql('select count(*)::int as n from clienti where azienda_id = $1', [
      c.company.id,
    ]);
    expect(left.rows[0].n).toBe(0);
    expect(await eventsOf(t, c.company.id)).toEqual([]);
  });

  it('the CSV import: customer.created per new customer, customer.updated per overwritten one, in its batches', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const pivas = Array.from({ length: 1200 }, () => randomPartitaIva());
    const lines = ['Codice;Ragione sociale;Partita IVA;Città'];
    pivas.forEach((p, i) => lines.push(`C${i + 1};Società ${i + 1} Srl;${p};Forlì`));
    const first = await importCsv(t, s, 'clienti', Buffer.from(lines.join('\r\n'), 'latin1'));
    expect(first.final).toMatchObject({ status: 'completed', creati: 1200 });
    const created = await eventsOf(t, c.company.id, 'customer.created');
    expect(created).toHaveLength(1200);
    const stored = await t.deps.database.executeSql(
      `select id, ragione_sociale, partita_iva from clienti where azienda_id = $1 and codice = 'C7'`,
      [c.company.id],
    );
    const c7 = stored.rows[0];
    expect(created.find((e) => e.aggregate_id === c7.id)?.payload).toEqual({
      id: c7.id,
      ragione_sociale: 'Società 7 Srl',
      partita_iva: c7.partita_iva,
      codice_fiscale: null,
    });
    const again = await importCsv(
      t,
      s,
      'clienti',
      Buffer.from(['Codice;Ragione sociale', 'C7;Società Sette Srl'].join('\r\n'), 'latin1'),
    );
    expect(again.final).toMatchObject({ status: 'completed', aggiornati: 1 });
    const updated = await eventsOf(t, c.company.id, 'customer.updated');
    expect(updated.map((e) => e.payload)).toEqual([
      { id: c7.id, ragione_sociale: 'Società Sette Srl', partita_iva: c7.partita_iva, codice_fiscale: null },
    ]);
  });
});
