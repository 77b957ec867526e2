import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { bulkClienti, newCliente } from './test-helpers.js';

let t: TestApp;
const sql = (q: string, p?: unknown[]) => t.deps.database.executeSql(q, p);
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('customers', () => {
  it('creates, reads, updates and removes a customer; amounts travel as decimal strings', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const created = await call(t.app, 'POST', '/api/clienti/cliente', {
      ...admin,
      body: newCliente({
        ragione_sociale: 'Rossi Impianti S.r.l.',
        codice: 'C001',
        codice_fiscale: 'rssmra85t10a562s',
        km_viaggio: '12,5',
        ore_viaggio: 1.25,
        telefono: '02 123456',
      }),
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ success: true, warnings: [] });
    expect(created.json.alert).toBeUndefined();
    const item = created.json.item;
    expect(item).toMatchObject({
      ragione_sociale: 'Rossi Impianti S.r.l.',
      codice: 'C001',
      codice_fiscale: 'RSSMRA85T10A562S',
      provincia: 'MI',
      km_viaggio: '12.50',
      ore_viaggio: '1.25',
      nazione: 'IT',
      recapiti: [],
    });
    const updated = await call(t.app, 'POST', '/api/clienti/cliente', {
      ...admin,
      body: newCliente({ id: item.id, ragione_sociale: 'Rossi Impianti S.p.A.', partita_iva: item.partita_iva }),
    });
    expect(updated.status).toBe(200);
    expect(updated.json.item).toMatchObject({ id: item.id, ragione_sociale: 'Rossi Impianti S.p.A.', codice: null });
    expect((await call(t.app, 'GET', `/api/clienti/cliente/${item.id}`, admin)).json.item.ragione_sociale).toBe(
      'Rossi Impianti S.p.A.',
    );
    // All or none: one known and one unknown id delete nothing and answer 404.
    const mixed = await call(t.app, 'POST', '/api/clienti/cliente/remove', {
      ...admin,
      body: { ids: [item.id, '00000000-0000-4000-8000-000000000000'] },
    });
    expect([mixed.status, mixed.json.code]).toEqual([404, 'NOT_FOUND']);
    expect((await call(t.app, 'GET', `/api/clienti/cliente/${item.id}`, admin)).status).toBe(200);
    const removed = await call(t.app, 'POST', '/api/clienti/cliente/remove', { ...admin, body: { ids: [item.id] } });
    expect(removed.json).toEqual({ success: true, removed: 1 });
    expect((await call(t.app, 'GET', `/api/clienti/cliente/${item.id}`, admin)).status).toBe(404);
    expect(
      (await call(t.app, 'POST', '/api/clienti/cliente/remove', { ...admin, body: { ids: [item.id] } })).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', '/api/clienti/cliente', { ...admin, body: newCliente({ id: item.id }) })).status,
    ).toBe(404);
  });

  it('validates VAT and tax code check digits, the name and decimals', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const cases: [Record<string, unknown>, string][] = [
      [{ partita_iva: '12345670018' }, 'partita_iva'],
      [{ codice_fiscale: 'RSSMRA85T10A562X' }, 'codice_fiscale'],
      [{ codice_fiscale: '12345670018' }, 'codice_fiscale'],
      [{ ragione_sociale: '  ' }, 'ragione_sociale'],
      [{ km_viaggio: '1,234' }, 'km_viaggio'],
      [{ km_viaggio: '-1' }, 'km_viaggio'],
      [{ email: 'non-una-mail' }, 'email'],
    ];
    for (const [over, field] of cases) {
      const r = await call(t.app, 'POST', '/api/clienti/cliente', { ...admin, body: newCliente(over) });
      expect(r.status, field).toBe(400);
      expect(r.json.code).toBe('VALIDATION');
      expect(r.json.fields.map((f: any) => f.path)).toContain(field);
    }
    // A company's tax code is its 11-digit number.
    expect(
      (
        await call(t.app, 'POST', '/api/clienti/cliente', {
          ...admin,
          body: newCliente({ codice_fiscale: '12345670017' }),
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a repeated registry id, asks to confirm a repeated VAT number or tax code, and numbers new customers', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const save = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/clienti/cliente', { ...admin, body });
    const first = (
      await save(newCliente({ ragione_sociale: 'Primo', codice: 'DUP 1', codice_fiscale: 'RSSMRA85T10A562S' }))
    ).json.item;
    // The registry id never repeats, case and spaces aside: 409 naming the other customer, nothing saved.
    const sameCode = await save(newCliente({ ragione_sociale: 'Secondo', codice: 'dup1' }));
    expect(sameCode.status).toBe(409);
    expect(sameCode.json).toMatchObject({
      code: 'DUPLICATE_CODE',
      fields: [{ path: 'codice', message: 'Codice già usato da «Primo (DUP 1)»' }],
    });
    // VAT and tax code may repeat once the user confirms.
    const body = newCliente({
      ragione_sociale: 'Secondo',
      partita_iva: first.partita_iva,
      codice_fiscale: 'rssmra85t10a562s',
    });
    const unconfirmed = await save(body);
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.json.code).toBe('DUPLICATE');
    expect(unconfirmed.json.fields.map((f: any) => f.path)).toEqual(['partita_iva', 'codice_fiscale']);
    expect(unconfirmed.json.fields[0].message).toBe('Partita IVA già usata da «Primo (DUP 1)»');
    const count = async () =>
      (await sql('select count(*)::int as n from clienti where azienda_id = $1', [c.company.id])).rows[0];
    expect(await count()).toEqual({ n: 1 });
    const second = await save({ ...body, confermaDuplicati: true });
    expect(second.status).toBe(200);
    expect(second.json.warnings).toEqual([
      { code: 'DUPLICATE', field: 'partita_iva', clienti: [{ id: first.id, ragione_sociale: 'Primo' }] },
      { code: 'DUPLICATE', field: 'codice_fiscale', clienti: [{ id: first.id, ragione_sociale: 'Primo' }] },
    ]);
    // A new customer without a registry id got the next one; editing it unchanged asks nothing.
    expect(second.json.item.codice).toBe('C000001');
    const again = await save({ ...body, id: second.json.item.id, codice: 'C000001', telefono: '0543 1' });
    expect(again.status).toBe(200);
    expect(again.json.warnings.map((w: any) => w.field)).toEqual(['partita_iva', 'codice_fiscale']);
    expect((await save(newCliente({ ragione_sociale: 'Terzo' }))).json.item.codice).toBe('C000002');
    // Another company's records never count.
    const other = await createCompany(t);
    const otherAdmin = await other.login('admin');
    const elsewhere = await call(t.app, 'POST', '/api/clienti/cliente', {
      ...otherAdmin,
      body: newCliente({ codice: 'DUP1', partita_iva: first.partita_iva }),
    });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.json.warnings).toEqual([]);
  });

  it('keeps PEC and SDI code, and checks CAP and province the Italian way only in Italy', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const save = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/clienti/cliente', { ...admin, body });
    const ok = await save(
      newCliente({
        pec: 'rossi@pec.it',
        codice_destinatario: 'm5uxcr1',
        cap: '47121',
        provincia: 'fc',
        citta: 'Forlì',
      }),
    );
    expect(ok.status).toBe(200);
    expect(ok.json.item).toMatchObject({ pec: 'rossi@pec.it', codice_destinatario: 'M5UXCR1', provincia: 'FC' });
    const read = await call(t.app, 'GET', `/api/clienti/cliente/${ok.json.item.id}`, admin);
    expect(read.json.item).toMatchObject({ pec: 'rossi@pec.it', codice_destinatario: 'M5UXCR1' });
    const bad = await save(newCliente({ pec: 'non-una-pec', codice_destinatario: 'AB', cap: '4712', provincia: 'XX' }));
    expect(bad.status).toBe(400);
    expect(Object.fromEntries(bad.json.fields.map((f: any) => [f.path, f.message]))).toEqual({
      pec: 'Indirizzo PEC non valido',
      codice_destinatario: 'Codice destinatario non valido (6 o 7 caratteri)',
      cap: 'CAP di 5 cifre',
      provincia: 'Sigla di provincia italiana non valida',
    });
    // Abroad: a postal code of letters and digits, any province or region.
    const abroad = await save(newCliente({ nazione: 'DE', cap: '10115', provincia: 'Berlin' }));
    expect(abroad.status).toBe(200);
    expect((await save(newCliente({ nazione: 'GB', cap: 'SW1A 1AA', provincia: 'London' }))).status).toBe(200);
  });

  it('answers alert 0007 (customer saved) when the address is too incomplete to place', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const r = await call(t.app, 'POST', '/api/clienti/cliente', {
      ...admin,
      body: newCliente({ indirizzo: '', citta: 'Milano' }),
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, alert: '0007' });
    expect(r.json.message).toMatch(/Indirizzo incompleto/);
    expect((await call(t.app, 'GET', `/api/clienti/cliente/${r.json.item.id}`, admin)).status).toBe(200);
  });

  it('sets and clears coordinates by hand', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const id = (await call(t.app, 'POST', '/api/clienti/cliente', { ...admin, body: newCliente() })).json.item.id;
    const set = await call(t.app, 'POST', '/api/clienti/cliente/geolocation', {
      ...admin,
      body: { id, latitude: 45.4642, longitude: 9.19 },
    });
    expect(set.json.item).toMatchObject({ latitude: 45.4642, longitude: 9.19 });
    // A save that does not touch the address keeps them.
    const kept = await call(t.app, 'POST', '/api/clienti/cliente', {
      ...admin,
      body: newCliente({ id, ragione_sociale: 'Nuovo nome' }),
    });
    expect(kept.json.item).toMatchObject({ latitude: 45.4642, longitude: 9.19 });
    expect(
      (
        await call(t.app, 'POST', '/api/clienti/cliente/geolocation', {
          ...admin,
          body: { id, latitude: 95, longitude: 9 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(t.app, 'POST', '/api/clienti/cliente/geolocation', {
          ...admin,
          body: { id, latitude: 45, longitude: null },
        })
      ).status,
    ).toBe(400);
    const cleared = await call(t.app, 'POST', '/api/clienti/cliente/geolocation', {
      ...admin,
      body: { id, latitude: null, longitude: null },
    });
    expect(cleared.json.item).toMatchObject({ latitude: null, longitude: null });
  });

  it('keeps contacts: create, update, list in the detail, delete', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const id = (await call(t.app, 'POST', '/api/clienti/cliente', { ...admin, body: newCliente() })).json.item.id;
    const r = await call(t.app, 'POST', '/api/clienti/cliente/recapito', {
      ...admin,
      body: { clienteId: id, nome: 'Anna Verdi', ruolo: 'Amministrazione', email: 'anna@cliente.example' },
    });
    expect(r.status).toBe(200);
    const rec = r.json.item;
    const u = await call(t.app, 'POST', '/api/clienti/cliente/recapito', {
      ...admin,
      body: { id: rec.id, clienteId: id, nome: 'Anna Verdi', telefono: '333 1234567' },
    });
    expect(u.json.item).toMatchObject({ id: rec.id, telefono: '333 1234567', ruolo: null });
    expect((await call(t.app, 'GET', `/api/clienti/cliente/${id}`, admin)).json.item.recapiti).toHaveLength(1);
    expect(
      (await call(t.app, 'POST', '/api/clienti/cliente/recapito', { ...admin, body: { clienteId: id, nome: '' } }))
        .status,
    ).toBe(400);
    expect(
      (
        await call(t.app, 'POST', '/api/clienti/cliente/recapito', {
          ...admin,
          body: { clienteId: id, nome: 'X', email: 'x' },
        })
      ).status,
    ).toBe(400);
    expect((await call(t.app, 'DELETE', `/api/clienti/cliente/recapito/${rec.id}`, admin)).status).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/clienti/cliente/recapito/${rec.id}`, admin)).status).toBe(404);
  });

  it('lets a technician read customers but not write or delete them', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const tech = await c.login('tech');
    const id = (await call(t.app, 'POST', '/api/clienti/cliente', { ...admin, body: newCliente() })).json.item.id;
    expect((await call(t.app, 'GET', '/api/clienti/clienti-filtered', tech)).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/clienti/cliente', { ...tech, body: newCliente() })).status).toBe(403);
    expect((await call(t.app, 'POST', '/api/clienti/cliente/remove', { ...tech, body: { ids: [id] } })).status).toBe(
      403,
    );
    expect(
      (
        await call(t.app, 'POST', '/api/clienti/cliente/geolocation', {
          ...tech,
          body: { id, latitude: 1, longitude: 1 },
        })
      ).status,
    ).toBe(403);
  });
});

describe('customer lists', () => {
  it('pages, sorts with a stable tie-break, searches and filters on the server', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    await bulkClienti(sql, c.company.id, 30, 'Alfa');
    await sql(
      `insert into clienti (azienda_id, ragione_sociale, partita_iva, citta, provincia) values ($1, 'Zeta 100% Service', '12345670017', 'Milano', 'MI'), ($1, 'zeta minuscola', null, 'Monza', 'MB')`,
      [c.company.id],
    );
    const page1 = await call(t.app, 'GET', '/api/clienti/clienti-filtered?page=1&size=10&tableInfos=true', admin);
    expect(page1.status).toBe(200);
    expect(page1.json.totaleElementi).toBe(32);
    expect(page1.json.items).toHaveLength(10);
    expect(page1.json.items[0].ragione_sociale).toBe('Alfa 000001');
    expect(page1.json.tableInfos).toMatchObject({ table: 'clienti', minColumns: 2, maxColumns: 8 });
    const last = await call(t.app, 'GET', '/api/clienti/clienti-filtered?page=4&size=10', admin);
    expect(last.json.items.map((i: any) => i.ragione_sociale)).toEqual(['Zeta 100% Service', 'zeta minuscola']);
    expect(last.json.tableInfos).toBeUndefined();
    const desc = await call(t.app, 'GET', '/api/clienti/clienti-filtered?size=2&sort=ragione_sociale&dir=desc', admin);
    expect(desc.json.items.map((i: any) => i.ragione_sociale)).toEqual(['zeta minuscola', 'Zeta 100% Service']);
    // Equal sort values: pages never repeat or skip a row (tie-break on id).
    const seen = new Set<string>();
    for (let p = 1; p <= 4; p++) {
      const r = await call(t.app, 'GET', `/api/clienti/clienti-filtered?page=${p}&size=9&sort=provincia`, admin);
      for (const i of r.json.items) seen.add(i.id);
    }
    expect(seen.size).toBe(32);
    // Contains-search on name, registry id, VAT, tax code and city, case aside; % is literal.
    expect((await call(t.app, 'GET', '/api/clienti/clienti-filtered?q=ZETA', admin)).json.totaleElementi).toBe(2);
    expect((await call(t.app, 'GET', '/api/clienti/clienti-filtered?q=100%25', admin)).json.totaleElementi).toBe(1);
    expect((await call(t.app, 'GET', '/api/clienti/clienti-filtered?q=4567001', admin)).json.totaleElementi).toBe(1);
    expect(
      (await call(t.app, 'GET', '/api/clienti/clienti-filtered?q=c17', admin)).json.items.map((i: any) => i.codice),
    ).toEqual(['C17']);
    expect((await call(t.app, 'GET', '/api/clienti/clienti-filtered?provincia=to', admin)).json.totaleElementi).toBe(
      15,
    );
    expect((await call(t.app, 'GET', '/api/clienti/clienti-filtered?citta=mo', admin)).json.totaleElementi).toBe(1);
    expect(
      (await call(t.app, 'GET', '/api/clienti/clienti-filtered?geolocalizzato=false', admin)).json.totaleElementi,
    ).toBe(32);
    // Admin list: the same with the body.
    const admList = await call(t.app, 'POST', '/api/clienti/clienti/admin', {
      ...admin,
      body: { page: 2, size: 5, sort: 'citta', dir: 'desc', q: 'alfa', filters: { provincia: 'BA' }, tableInfos: true },
    });
    expect(admList.status).toBe(200);
    expect(admList.json.totaleElementi).toBe(15);
    expect(admList.json.items).toHaveLength(5);
    expect(admList.json.tableInfos.table).toBe('clienti');
    // Pickers.
    const refs = await call(t.app, 'GET', '/api/clienti/clienti?q=zeta&size=1', admin);
    expect(refs.json).toMatchObject({
      totaleElementi: 2,
      items: [{ ragione_sociale: 'Zeta 100% Service', codice: null, citta: 'Milano' }],
    });
  });

  it('searches without regard to accents, case or the order of words', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    await sql(
      `insert into clienti (azienda_id, ragione_sociale, citta) values
       ($1, 'Idraulica Niccolò Fabbri', 'Forlì'), ($1, 'Caldaie Città di Castello', 'Città di Castello'),
       ($1, 'Termoidraulica Rossi', 'Cesena'), ($1, 'Ærotermica Ørsted', 'Bolzano')`,
      [c.company.id],
    );
    const names = async (query: string) =>
      (await call(t.app, 'GET', `/api/clienti/clienti-filtered?${query}`, admin)).json.items
        .map((i: any) => i.ragione_sociale)
        .sort();
    expect(await names('q=forli')).toEqual(['Idraulica Niccolò Fabbri']);
    expect(await names('q=NICCOLO')).toEqual(['Idraulica Niccolò Fabbri']);
    expect(await names(`q=${encodeURIComponent('fabbri idraulica')}`)).toEqual(['Idraulica Niccolò Fabbri']);
    expect(await names(`q=${encodeURIComponent('rossi idraul')}`)).toEqual(['Termoidraulica Rossi']);
    expect(await names(`q=${encodeURIComponent('citta castello')}`)).toEqual(['Caldaie Città di Castello']);
    expect(await names('q=aerotermica')).toEqual(['Ærotermica Ørsted']);
    expect(await names(`q=${encodeURIComponent('forlì')}`)).toEqual(['Idraulica Niccolò Fabbri']);
    // Short terms are the start of the name, folded too; the city filter is the start of the city.
    expect(await names('q=ae')).toEqual(['Ærotermica Ørsted']);
    expect(await names('citta=citta')).toEqual(['Caldaie Città di Castello']);
    expect(await names('citta=FORL')).toEqual(['Idraulica Niccolò Fabbri']);
    // A word missing: nothing.
    expect(await names(`q=${encodeURIComponent('rossi forli')}`)).toEqual([]);
  });

  it('refuses unknown sort keys, sizes past 200 and unknown filters', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    for (const qs of ['sort=note', 'sort=telefono', 'size=201', 'page=0', 'dir=up', 'colore=rosso']) {
      expect((await call(t.app, 'GET', `/api/clienti/clienti-filtered?${qs}`, admin)).status, qs).toBe(400);
    }
    expect((await call(t.app, 'POST', '/api/clienti/clienti/admin', { ...admin, body: { size: 500 } })).status).toBe(
      400,
    );
    expect((await call(t.app, 'GET', '/api/clienti/clienti-filtered?size=200', admin)).status).toBe(200);
  });

  it('uses the saved column choice in tableInfos', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    await call(t.app, 'POST', '/api/tabelle/preferenza', {
      ...admin,
      body: { tabella: 'clienti', colonne: ['ragione_sociale', 'cap', 'citta'] },
    });
    const r = await call(t.app, 'POST', '/api/clienti/clienti/admin', { ...admin, body: { tableInfos: true } });
    expect(r.json.tableInfos.selectedColumns).toEqual(['ragione_sociale', 'cap', 'citta']);
  });
});
