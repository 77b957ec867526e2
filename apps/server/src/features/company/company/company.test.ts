import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany, randomPartitaIva } from '../../../test/factories.js';
import { LIMITS } from '@fs/contract';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOGO_MAX_BYTES: '4096' });
});
afterAll(() => t?.close());

const valid = (piva: string) => ({
  ragione_sociale: 'Nuova Ragione S.p.A.',
  partita_iva: piva,
  mailPrincipale: 'amministrazione@nuova.test',
  pec: 'nuova@pec.test',
  codice_destinatario: 'm5uxcr1',
  emails: ['uno@nuova.test'],
  indirizzo: 'Via Roma 1',
  citta: 'Torino',
  provincia: 'to',
  cap: '10100',
  nazione: 'it',
  timezone: 'Europe/Rome',
  lingua_default: 'IT',
});

// A 1x1 PNG.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082',
  'hex',
);

function multipart(name: string, filename: string, contentType: string, data: Buffer) {
  const boundary = '----fsboundary' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(s: { token: string; deviceId: string }, file: ReturnType<typeof multipart>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/aziende/azienda/logo',
    headers: { ...file.headers, authorization: `Bearer ${s.token}`, 'device-id': s.deviceId, source: 'WEB' },
    payload: file.payload,
  });
  return { status: res.statusCode, json: res.json() };
}

describe('company', () => {
  it('an admin reads and updates the company; values are normalised', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const read = await call(t.app, 'GET', '/api/aziende/azienda', s);
    expect(read.json.item).toMatchObject({ id: c.company.id, partita_iva: c.piva, logo: null });
    const piva = randomPartitaIva();
    const w = await call(t.app, 'POST', '/api/aziende/azienda', { ...s, body: valid(piva) });
    expect(w.status).toBe(200);
    expect(w.json.item).toMatchObject({
      ragione_sociale: 'Nuova Ragione S.p.A.',
      partita_iva: piva,
      provincia: 'TO',
      nazione: 'IT',
      codice_destinatario: 'M5UXCR1',
    });
    const me = await call(t.app, 'GET', '/api/session/session', s);
    expect(me.json.item.aziendamap.ragione_sociale).toBe('Nuova Ragione S.p.A.');
  });

  it('a technician may neither read nor write the company (403)', async () => {
    const c = await createCompany(t);
    const s = await c.login('tech');
    expect((await call(t.app, 'GET', '/api/aziende/azienda', s)).status).toBe(403);
    const w = await call(t.app, 'POST', '/api/aziende/azienda', { ...s, body: valid(c.piva) });
    expect([w.status, w.json.code]).toEqual([403, 'FORBIDDEN']);
    const logo = await upload(s, multipart('file', 'a.png', 'image/png', PNG));
    expect(logo.status).toBe(403);
  });

  it('refuses a bad VAT number, email or time zone naming the fields, and a VAT number of another company', async () => {
    const c = await createCompany(t);
    const other = await createCompany(t);
    const s = await c.login('admin');
    const bad = await call(t.app, 'POST', '/api/aziende/azienda', {
      ...s,
      body: { ...valid('12345678901'), mailPrincipale: 'x', timezone: 'Mars/Base' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.map((f: any) => f.path).sort()).toEqual(['mailPrincipale', 'partita_iva', 'timezone']);
    const taken = await call(t.app, 'POST', '/api/aziende/azienda', { ...s, body: valid(other.piva) });
    expect([taken.status, taken.json.code]).toEqual([409, 'CONFLICT']);
    expect((await call(t.app, 'GET', '/api/aziende/azienda', s)).json.item.partita_iva).toBe(c.piva);
  });

  it('stores a logo sniffed as an image and serves it back; replacing it keeps one', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    expect((await call(t.app, 'GET', '/api/aziende/azienda/logo', s)).status).toBe(404);
    const first = await upload(s, multipart('file', 'logo.png', 'image/png', PNG));
    expect(first.status).toBe(200);
    const second = await upload(s, multipart('file', 'renamed.bin', 'application/octet-stream', PNG));
    expect(second.status).toBe(200);
    const got = await t.app.inject({
      method: 'GET',
      url: '/api/aziende/azienda/logo',
      headers: { authorization: `Bearer ${s.token}`, 'device-id': s.deviceId },
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(got.rawPayload, PNG)).toBe(0);
    const rows = await t.deps.database.executeSql('select id, storage_key from media where azienda_id = $1', [
      c.company.id,
    ]);
    expect(rows.rows.map((r) => r.id)).toEqual([second.json.item.id]);
    // a file lost from storage answers 404, not a server error
    await t.deps.storage.remove(rows.rows[0].storage_key);
    const lost = await call(t.app, 'GET', '/api/aziende/azienda/logo', s);
    expect([lost.status, lost.json.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('refuses a non-image whatever its declared type (415) and a file over the limit (413)', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const html = await upload(
      s,
      multipart('file', 'logo.png', 'image/png', Buffer.from('<html><script>alert(1)</script></html>')),
    );
    expect([html.status, html.json.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const big = Buffer.concat([PNG, Buffer.alloc(8192)]);
    const tooBig = await upload(s, multipart('file', 'big.png', 'image/png', big));
    expect([tooBig.status, tooBig.json.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const rows = await t.deps.database.executeSql('select count(*)::int as n from media where azienda_id = $1', [
      c.company.id,
    ]);
    expect(rows.rows[0].n).toBe(0);
  });

  it('refuses a logo that does not fit the storage quota (413), keeps the old one, and lets a same-size replacement in', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const first = await upload(s, multipart('file', 'logo.png', 'image/png', PNG));
    expect(first.status).toBe(200);
    // Fill the company's space to the last byte: replacing the logo with one of the same size still fits.
    await t.deps.database.executeSql('update storage_usage set used_bytes = $2 where azienda_id = $1', [
      c.company.id,
      LIMITS.storageIncludedBytes,
    ]);
    expect((await upload(s, multipart('file', 'same.png', 'image/png', PNG))).status).toBe(200);
    const bigger = Buffer.concat([PNG, Buffer.alloc(100)]);
    const full = await upload(s, multipart('file', 'bigger.png', 'image/png', bigger));
    expect([full.status, full.json.code]).toEqual([413, 'STORAGE_QUOTA_EXCEEDED']);
    expect(full.json.message).toContain('Spazio di archiviazione esaurito');
    const company = (await call(t.app, 'GET', '/api/aziende/azienda', s)).json.item;
    const rows = await t.deps.database.executeSql('select id from media where azienda_id = $1', [c.company.id]);
    expect(rows.rows.map((r) => r.id)).toEqual([company.logo.id]);
  });
});
