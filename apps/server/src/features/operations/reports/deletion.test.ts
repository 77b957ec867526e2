import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { countRows, PNG, upload, usedBytes } from '../../registries/media/test-helpers.js';
import { day, reportCompany } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('deleting reports in bulk', () => {
  it('keeps completed reports and names them, deletes the others with their files, and frees their bytes', async () => {
    const x = await reportCompany(t);
    const aziendaId = x.c.company.id;
    const create = () =>
      x.post(x.admin, '/rapportini/rapportino/lavorazione', {
        cliente_id: x.clienteId,
        giornate: [day(x.techId, '2026-11-02')],
      });
    const [a, b, done] = [await create(), await create(), await create()];
    const photo = await upload(t, x.admin, `/api/media/insert/rapportino/${a.json.item.id}`, PNG);
    expect(photo.statusCode, photo.body).toBe(200);
    expect(await usedBytes(t, aziendaId)).toBe(PNG.length);
    expect((await x.post(x.admin, '/rapportini/rapportino/chiusura', { id: done.json.item.id })).status).toBe(200);
    expect(
      (await x.post(x.admin, '/rapportini/rapportino/chiusura', { id: done.json.item.id, azione: 'completa' })).status,
    ).toBe(200);

    // A mixed list with an unknown id deletes nothing.
    const ids = [a.json.item.id, b.json.item.id, done.json.item.id];
    const unknown = await x.post(x.admin, '/rapportini/rapportini/delete-bulk', {
      ids: [...ids, '00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.status).toBe(404);
    expect((await x.get(x.admin, '/rapportini/rapportini/admin')).json.totaleElementi).toBe(3);

    const r = await x.post(x.admin, '/rapportini/rapportini/delete-bulk', { ids });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.removed).toBe(2);
    expect(r.json.skipped).toEqual([
      {
        id: done.json.item.id,
        numero_assistenza: done.json.item.numero_assistenza,
        reason: 'REPORT_COMPLETED',
        message: expect.stringContaining('Completato'),
      },
    ]);
    const left = await x.get(x.admin, '/rapportini/rapportini/admin');
    expect(left.json.items.map((i: { id: string }) => i.id)).toEqual([done.json.item.id]);
    expect(await countRows(t, aziendaId)).toBe(0);
    expect(await usedBytes(t, aziendaId)).toBe(0);

    // Only completed ones: nothing deleted, each named.
    const again = await x.post(x.admin, '/rapportini/rapportini/delete-bulk', { ids: [done.json.item.id] });
    expect(again.json).toMatchObject({ removed: 0, skipped: [{ id: done.json.item.id }] });
  });
});
