import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@fs/contract';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { bulkClienti, newCliente } from './test-helpers.js';

/** A Nominatim stand-in on loopback: /search answers Milan for "Via Roma", nothing otherwise, 500 for "Errore". */
let geo: Server;
const asked: URLSearchParams[] = [];
let t: TestApp;
const sql = (q: string, p?: unknown[]) => t.deps.database.executeSql(q, p);

beforeAll(async () => {
  geo = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname !== '/search') return void res.writeHead(404).end();
    asked.push(url.searchParams);
    const street = url.searchParams.get('street') ?? '';
    if (street.includes('Errore')) return void res.writeHead(500).end('boom');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        street.includes('Via Roma')
          ? [{ place_id: 1, lat: '45.4642035', lon: '9.1899817', display_name: 'Via Roma, Milano' }]
          : [],
      ),
    );
  });
  await new Promise<void>((r) => geo.listen(0, '127.0.0.1', r));
  t = await startTestApp({ GEOCODER_URL: `http://127.0.0.1:${(geo.address() as AddressInfo).port}` });
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => geo.close(r));
});

describe('geocoding through a Nominatim-compatible server', () => {
  it('places a complete address, answers 0007 when not found or incomplete, and saves anyway when the geocoder fails', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const found = await call(t.app, 'POST', '/api/clienti/cliente', {
      ...admin,
      body: newCliente({ indirizzo: 'Via Roma 1', citta: 'Milano', cap: '20121' }),
    });
    expect(found.status).toBe(200);
    expect(found.json.alert).toBeUndefined();
    expect(found.json.item).toMatchObject({ latitude: 45.4642035, longitude: 9.1899817 });
    const q = asked.at(-1)!;
    expect([
      q.get('format'),
      q.get('street'),
      q.get('city'),
      q.get('postalcode'),
      q.get('countrycodes'),
      q.get('county'),
    ]).toEqual(['jsonv2', 'Via Roma 1', 'Milano', '20121', 'it', 'MI']);

    const calls = asked.length;
    const notFound = await call(t.app, 'POST', '/api/clienti/cliente', {
      ...admin,
      body: newCliente({ id: found.json.item.id, indirizzo: 'Vicolo Inesistente 99' }),
    });
    expect(notFound.status).toBe(200);
    expect(notFound.json).toMatchObject({ alert: '0007', item: { latitude: null, longitude: null } });
    expect(asked.length).toBe(calls + 1);

    const incomplete = await call(t.app, 'POST', '/api/clienti/cliente', {
      ...admin,
      body: newCliente({ indirizzo: null, citta: null, cap: null }),
    });
    expect(incomplete.json.alert).toBe('0007');
    expect(asked.length).toBe(calls + 1); // too incomplete: the geocoder is not asked

    const failing = await call(t.app, 'POST', '/api/clienti/cliente', {
      ...admin,
      body: newCliente({ indirizzo: 'Via Errore 1' }),
    });
    expect(failing.status).toBe(200);
    expect(failing.json.alert).toBeUndefined();
    expect(failing.json.item.latitude).toBeNull();

    // An unchanged, placed address is not asked again.
    const placed = found.json.item.id;
    await call(t.app, 'POST', '/api/clienti/cliente', {
      ...admin,
      body: newCliente({ id: placed, indirizzo: 'Via Roma 1', citta: 'Milano', cap: '20121' }),
    });
    const before = asked.length;
    const same = await call(t.app, 'POST', '/api/clienti/cliente', {
      ...admin,
      body: newCliente({
        id: placed,
        ragione_sociale: 'Altro nome',
        indirizzo: 'Via Roma 1',
        citta: 'Milano',
        cap: '20121',
      }),
    });
    expect(same.json.item.latitude).toBe(45.4642035);
    expect(asked.length).toBe(before);
  });
});

describe('plan limits', () => {
  it('answers 0006 for a new customer past 8,000 per slot (one slot included) and lets a bought slot in', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    await bulkClienti(sql, c.company.id, LIMITS.customersPerSlot - 1);
    expect((await call(t.app, 'POST', '/api/clienti/cliente', { ...admin, body: newCliente() })).status).toBe(200);
    const refused = await call(t.app, 'POST', '/api/clienti/cliente', { ...admin, body: newCliente() });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('0006');
    // Updates are still allowed at the limit.
    const [{ id }] = (await sql('select id from clienti where azienda_id = $1 limit 1', [c.company.id])).rows;
    expect((await call(t.app, 'POST', '/api/clienti/cliente', { ...admin, body: newCliente({ id }) })).status).toBe(
      200,
    );
    await sql(`insert into subscription_items (azienda_id, type, quantity) values ($1, 'customers', 1)`, [
      c.company.id,
    ]);
    expect((await call(t.app, 'POST', '/api/clienti/cliente', { ...admin, body: newCliente() })).status).toBe(200);
  });

  it('answers 0013 to any save while the company holds more than its plan allows', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    await bulkClienti(sql, c.company.id, LIMITS.customersPerSlot + 1);
    const [{ id }] = (await sql('select id from clienti where azienda_id = $1 limit 1', [c.company.id])).rows;
    for (const body of [newCliente(), newCliente({ id })]) {
      const r = await call(t.app, 'POST', '/api/clienti/cliente', { ...admin, body });
      expect(r.status).toBe(403);
      expect(r.json.code).toBe('0013');
    }
    // Deleting brings it back within the limit.
    await call(t.app, 'POST', '/api/clienti/cliente/remove', { ...admin, body: { ids: [id] } });
    expect(
      (
        await call(t.app, 'POST', '/api/clienti/cliente', {
          ...admin,
          body: newCliente({
            id: (await sql('select id from clienti where azienda_id = $1 limit 1', [c.company.id])).rows[0].id,
          }),
        })
      ).status,
    ).toBe(200);
  });
});
