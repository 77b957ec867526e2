import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** The paid option bought and switched on, as the options screen would leave it. */
async function enableGeolocation(aziendaId: string, minutes = '15') {
  const sql = t.deps.database.executeSql;
  await sql(`insert into subscription_items (azienda_id, type, quantity) values ($1, 'option:geolocalizzazione', 1)`, [
    aziendaId,
  ]);
  await sql(
    `insert into opzioni_azienda (azienda_id, category, subcategory, value) values ($1, 'geolocalizzazione', 'enabled', '1')`,
    [aziendaId],
  );
  await sql(
    `insert into opzioni_azienda (azienda_id, category, subcategory, value) values ($1, 'geolocalizzazione', 'validita_minuti', $2)`,
    [aziendaId, minutes],
  );
}

const report = (s: { token: string; deviceId: string }, body: object) =>
  call(t.app, 'POST', '/api/utenti/geolocation', { ...s, body });

describe('technician geolocation', () => {
  it('is refused while the option is off, and the list says so', async () => {
    const c = await createCompany(t);
    const tech = await c.login('tech');
    const r = await report(tech, { latitude: 45.07, longitude: 7.68 });
    expect([r.status, r.json.code]).toEqual([409, 'GEOLOCATION_DISABLED']);
    const admin = await c.login('admin');
    const list = await call(t.app, 'GET', '/api/utenti/geolocation', admin);
    expect(list.json).toMatchObject({ success: true, enabled: false, items: [] });
  });

  it('keeps the newest position of each technician within the validity minutes', async () => {
    const c = await createCompany(t);
    await enableGeolocation(c.company.id, '30');
    const tech = await c.login('tech');
    const old = new Date(Date.now() - 45 * 60_000).toISOString();
    const recent = new Date(Date.now() - 5 * 60_000).toISOString();
    expect((await report(tech, { latitude: 45.0, longitude: 7.0, recordedAt: old })).status).toBe(200);
    expect((await report(tech, { latitude: 45.1, longitude: 7.1, accuracyM: 12, recordedAt: recent })).status).toBe(
      200,
    );
    const admin = await c.login('admin');
    const list = await call(t.app, 'GET', '/api/utenti/geolocation', admin);
    expect(list.json.enabled).toBe(true);
    expect(list.json.validityMinutes).toBe(30);
    expect(list.json.items).toEqual([
      expect.objectContaining({
        utenteId: c.user('tech').id,
        username: 'tech',
        latitude: 45.1,
        longitude: 7.1,
        accuracyM: 12,
      }),
    ]);
    const wider = await call(t.app, 'GET', '/api/utenti/geolocation?minutes=60', admin);
    expect(wider.json.items[0].latitude).toBe(45.1);
    const narrow = await call(t.app, 'GET', '/api/utenti/geolocation?minutes=1', admin);
    expect(narrow.json.items).toEqual([]);
    const one = await call(t.app, 'GET', `/api/utenti/geolocation?utenteId=${c.user('admin').id}`, admin);
    expect(one.json.items).toEqual([]);
  });

  it('validates coordinates and dates; technicians may not see the positions', async () => {
    const c = await createCompany(t);
    await enableGeolocation(c.company.id);
    const tech = await c.login('tech');
    const bad = await report(tech, { latitude: 95, longitude: 7 });
    expect([bad.status, bad.json.fields[0].path]).toEqual([400, 'latitude']);
    const future = await report(tech, {
      latitude: 45,
      longitude: 7,
      recordedAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect([future.status, future.json.fields[0].path]).toEqual([400, 'recordedAt']);
    const peek = await call(t.app, 'GET', '/api/utenti/geolocation', tech);
    expect([peek.status, peek.json.code]).toEqual([403, 'FORBIDDEN']);
  });

  it("never shows another company's technicians", async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    await enableGeolocation(a.company.id);
    await enableGeolocation(b.company.id);
    await report(await a.login('tech'), { latitude: 45, longitude: 7 });
    const list = await call(
      t.app,
      'GET',
      `/api/utenti/geolocation?utenteId=${a.user('tech').id}`,
      await b.login('admin'),
    );
    expect(list.json.items).toEqual([]);
  });
});
