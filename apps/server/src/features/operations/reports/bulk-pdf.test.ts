import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { day, reportCompany, type S } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const bulk = (s: S, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/rapportini/rapportini/download-bulk',
    headers: { authorization: `Bearer ${s.token}`, 'device-id': s.deviceId, source: 'WEB' },
    payload: body as object,
  });

describe('bulk download of report PDFs', () => {
  it('zips the ticked reports’ PDFs, or the filtered list’s, and refuses what the user may not reach', async () => {
    const x = await reportCompany(t);
    const made: { id: string; numero_assistenza: string }[] = [];
    for (const richiesta of ['Caldaia in blocco', 'Perdita al collettore', 'Radiatore freddo']) {
      const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
        cliente_id: x.clienteId,
        richiesta_iniziale: richiesta,
        giornate: [day(x.techId, '2026-11-02')],
      });
      expect(r.status).toBe(200);
      made.push(r.json.item);
    }
    const r = await bulk(x.admin, { ids: made.map((m) => m.id) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/zip');
    expect(r.headers['content-disposition']).toContain('rapportini.zip');
    const zip = await JSZip.loadAsync(r.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toHaveLength(3);
    for (const m of made) expect(names.some((n) => n.includes(m.numero_assistenza.replace('/', '-')))).toBe(true);
    for (const n of names) {
      const pdf = await zip.files[n]!.async('nodebuffer');
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    }

    // Without ids: the list's filters (here the open ones of the customer), in the list's order.
    const filtered = await bulk(x.admin, { cliente_id: x.clienteId, stato: 'aperti' });
    expect(filtered.statusCode).toBe(200);
    expect(Object.keys((await JSZip.loadAsync(filtered.rawPayload)).files)).toHaveLength(3);
    expect((await bulk(x.admin, { stato: 'CHIUSO' })).statusCode).toBe(400);

    // An unknown id, or another company's report, answers 404 before anything is sent.
    const unknown = await bulk(x.admin, { ids: [made[0]!.id, '00000000-0000-4000-8000-000000000000'] });
    expect(unknown.statusCode).toBe(404);
    const y = await reportCompany(t);
    expect((await bulk(y.admin, { ids: [made[0]!.id] })).statusCode).toBe(404);
  });
});
