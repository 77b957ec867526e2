import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { contentDisposition } from '../../../platform/http/content-disposition.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MEDIA_MAX_BYTES: '4096' });
});
afterAll(() => t?.close());

// A 1x1 PNG.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082',
  'hex',
);
type S = { token: string; deviceId: string };

function upload(s: S, url: string, data: Buffer, filename = 'foto.png') {
  const boundary = '----fsb' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`;
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${s.token}`,
      'device-id': s.deviceId,
    },
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}
const count = async (aziendaId: string) =>
  (await t.deps.database.executeSql('select count(*)::int as n from media where azienda_id = $1', [aziendaId])).rows[0]
    .n;

describe('media', () => {
  it('a user uploads their photo, it shows on the session, streams back, is replaced and deleted', async () => {
    const c = await createCompany(t);
    const s = await c.login('tech');
    const id = c.user('tech').id;
    const first = await upload(s, `/api/media/insert/utente/${id}`, PNG);
    expect(first.statusCode).toBe(200);
    const mediaId = first.json().item.id;
    expect((await call(t.app, 'GET', '/api/session/session', s)).json.item.media).toEqual({ id: mediaId });
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/media/get-content/${mediaId}`,
      headers: { authorization: `Bearer ${s.token}`, 'device-id': s.deviceId },
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toBe(`inline; filename="foto.png"; filename*=UTF-8''foto.png`);
    expect(Buffer.compare(got.rawPayload, PNG)).toBe(0);
    // a colleague sees it too
    const admin = await c.login('admin');
    expect((await call(t.app, 'GET', `/api/media/get-content/${mediaId}`, admin)).status).toBe(200);
    const second = await upload(s, `/api/media/insert/utente/${id}`, PNG, 'altro.bin');
    expect(second.statusCode).toBe(200);
    expect(await count(c.company.id)).toBe(1);
    expect((await call(t.app, 'GET', `/api/media/get-content/${mediaId}`, s)).status).toBe(404);
    const del = await call(t.app, 'DELETE', `/api/media/delete/${second.json().item.id}`, s);
    expect(del.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/session/session', s)).json.item.media).toBeNull();
    expect(await count(c.company.id)).toBe(0);
  });

  it('sniffs the content (415), limits the size (413), checks who may write and the section', async () => {
    const c = await createCompany(t);
    const s = await c.login('tech');
    const admin = await c.login('admin');
    const techId = c.user('tech').id;
    const html = await upload(
      s,
      `/api/media/insert/utente/${techId}`,
      Buffer.from('<html><script>alert(1)</script></html>'),
    );
    expect([html.statusCode, html.json().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const big = await upload(s, `/api/media/insert/utente/${techId}`, Buffer.concat([PNG, Buffer.alloc(8192)]));
    expect([big.statusCode, big.json().code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(await count(c.company.id)).toBe(0);
    // a technician may not change another user's photo; an admin may
    expect((await upload(s, `/api/media/insert/utente/${c.user('admin').id}`, PNG)).statusCode).toBe(403);
    const byAdmin = await upload(admin, `/api/media/insert/utente/${techId}`, PNG);
    expect(byAdmin.statusCode).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/media/delete/${byAdmin.json().item.id}`, { ...s })).status).toBe(200);
    expect((await upload(admin, `/api/media/insert/nessuna/${techId}`, PNG)).statusCode).toBe(400);
    expect((await upload(admin, `/api/media/insert/utente/not-a-uuid`, PNG)).statusCode).toBe(404);
  });

  it("another company's files and users answer 404", async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const sa = await a.login('tech');
    const sb = await b.login('admin');
    const m = (await upload(sa, `/api/media/insert/utente/${a.user('tech').id}`, PNG)).json().item.id;
    expect((await call(t.app, 'GET', `/api/media/get-content/${m}`, sb)).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/media/delete/${m}`, sb)).status).toBe(404);
    expect((await upload(sb, `/api/media/insert/utente/${a.user('tech').id}`, PNG)).statusCode).toBe(404);
    expect(await count(a.company.id)).toBe(1);
  });

  it('Content-Disposition cannot be broken by the file name', () => {
    expect(contentDisposition('inline', 'a"b;\r\nc è.png')).toBe(
      `inline; filename="a_b___c _.png"; filename*=UTF-8''a%22b%3B%0D%0Ac%20%C3%A8.png`,
    );
  });
});
