import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { PDF, PNG, upload, usedBytes } from '../../registries/media/test-helpers.js';
import { day, reportCompany } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe("a report's files", () => {
  it('lists them by section, kind and name; deletes attachments all or none; follows the report’s access', async () => {
    const x = await reportCompany(t);
    const r = await x.post(x.tech, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      giornate: [day(x.techId, '2026-11-02')],
    });
    const id = r.json.item.id as string;
    const photo = await upload(t, x.tech, `/api/media/insert/rapportino/${id}`, PNG, 'Perdita caldaia è.png');
    const doc = await upload(
      t,
      x.tech,
      `/api/media/insert/rapportino/${id}`,
      PDF,
      'Scheda tecnica.pdf',
      'application/pdf',
    );
    expect([photo.statusCode, doc.statusCode]).toEqual([200, 200]);
    const photoId = photo.json().item.id as string;
    const docId = doc.json().item.id as string;

    const list = (q = '') => x.get(x.admin, `/media/all-rapportini/rapportino/${id}${q}`);
    expect((await list()).json.items.map((m: { id: string }) => m.id).sort()).toEqual([photoId, docId].sort());
    expect((await list('?tipo=immagini')).json.items.map((m: { id: string }) => m.id)).toEqual([photoId]);
    expect((await list('?tipo=documenti')).json.items.map((m: { id: string }) => m.id)).toEqual([docId]);
    expect((await list('?q=CALDAIA%20e')).json.items.map((m: { id: string }) => m.id)).toEqual([photoId]);
    expect((await list('?tipo=altro')).status).toBe(400);
    // The printed PDF, once made, is the other section.
    expect((await x.get(x.admin, `/rapportini/rapportino/${id}/pdf`)).status).toBe(200);
    expect((await x.get(x.admin, `/media/all-rapportini/rapportino-pdf/${id}`)).json.items).toHaveLength(1);

    // Another company's report, and a colleague's report without colleagues' data, answer 404.
    const y = await reportCompany(t);
    expect((await y.get(y.admin, `/media/all-rapportini/rapportino/${id}`)).status).toBe(404);
    const theirs = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      tecnici_ids: [x.adminId],
    });
    expect((await x.get(x.tech, `/media/all-rapportini/rapportino/${theirs.json.item.id}`)).status).toBe(404);

    // Delete: an id that is not the report's deletes nothing; the two go and free their bytes.
    const before = await usedBytes(t, x.c.company.id);
    const del = (ids: string[], s = x.admin) =>
      call(t.app, 'DELETE', `/api/rapportini/rapportino/media?rapportinoId=${id}&ids=${ids.join(',')}`, s);
    expect((await del([photoId, '00000000-0000-4000-8000-000000000000'])).status).toBe(404);
    expect((await list()).json.items).toHaveLength(2);
    expect((await del([photoId], y.admin)).status).toBe(404);
    const ok = await del([photoId, docId]);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.removed).toBe(2);
    expect((await list()).json.items).toHaveLength(0);
    expect(await usedBytes(t, x.c.company.id)).toBe(before - PNG.length - PDF.length);
    // Two companies and the process's first PDF (the renderer loaded on first use): 30 s was passed on a loaded machine.
  }, 90_000);
});
