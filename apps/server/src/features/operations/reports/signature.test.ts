import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { storedKeys, usedBytes } from '../../registries/media/test-helpers.js';
import { day, reportCompany, type S } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** A real PNG of `w` x `h` grey pixels; `noise` adds random rows so sizes differ. */
function png(w = 4, h = 2, noise = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h + noise, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows: Buffer[] = [];
  for (let y = 0; y < h + noise; y++) {
    const row = Buffer.alloc(w + 1);
    for (let x = 1; x <= w; x++) row[x] = y < h ? 128 : Math.floor(Math.random() * 256);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const dataUrl = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;

/** Issue 22, point 9: a PNG's signature, IHDR and IEND right, and HTML for its image data (CRCs right). */
function htmlPng(compressed: boolean): Buffer {
  const real = png();
  const html = Buffer.from('<html><body><script>fetch("/api/session/session")</script></body></html>');
  const data = compressed ? deflateSync(html) : html;
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from('IDAT', 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([real.subarray(0, 8 + 25), len, body, crc, real.subarray(real.length - 12)]);
}

async function setup() {
  const x = await reportCompany(t);
  const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
    cliente_id: x.clienteId,
    richiesta_iniziale: 'Caldaia in blocco',
    tecnici_ids: [x.techId],
    giornate: [day(x.techId, '2026-11-20')],
    materiali: [{ articolo_id: x.articoloId, descrizione: 'Valvola', quantita: '2' }],
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  const id = r.json.item.id as string;
  const sign = (s: S, body: Record<string, unknown>) => x.post(s, '/rapportini/rapportino/firma', { id, ...body });
  return { ...x, id, sign };
}

const mediaRows = async (aziendaId: string) =>
  (
    await t.deps.database.executeSql(
      `select id, size, storage_key from media where azienda_id = $1 and section = 'rapportino'`,
      [aziendaId],
    )
  ).rows as { id: string; size: number; storage_key: string }[];

describe('signing a report on the screen', () => {
  it('signs with the name and the server time; re-signing replaces the image; clearing removes it', async () => {
    const x = await setup();
    const before = Date.now();
    const first = png(4, 2, 30);
    const a = await x.sign(x.tech, { firmatario: '  Mario Verdi ', png: dataUrl(first) });
    expect(a.status, JSON.stringify(a.json)).toBe(200);
    expect(a.json.item.firma).toMatchObject({ firmatario: 'Mario Verdi', remoto: false });
    expect(a.json.item.firma.ip).toBeUndefined();
    expect(Date.parse(a.json.item.firma.firmato_il)).toBeGreaterThanOrEqual(before - 1000);
    expect(a.json.item.firmabile).toBe(true);
    // The image is a file of the report, counted in the quota, readable, not among the attachments.
    const rows = await mediaRows(x.c.company.id);
    expect(rows.map((m) => m.id)).toEqual([a.json.item.firma.media_id]);
    expect(await usedBytes(t, x.c.company.id)).toBe(first.length);
    const content = await t.app.inject({
      method: 'GET',
      url: `/api/media/get-content/${a.json.item.firma.media_id}`,
      headers: { authorization: `Bearer ${x.admin.token}`, 'device-id': x.admin.deviceId },
    });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toContain('image/png');
    expect(content.rawPayload.equals(first)).toBe(true);
    const list = await x.get(x.admin, `/media/get-db/rapportino/${x.id}`);
    expect(list.status).toBe(200);
    expect(list.json.items).toEqual([]);
    // bare base64 works too; the old image goes (row, object and bytes)
    const second = png(6, 3);
    const b = await x.sign(x.admin, { firmatario: 'Anna Neri', png: second.toString('base64') });
    expect(b.status).toBe(200);
    expect(b.json.item.firma.firmatario).toBe('Anna Neri');
    expect(b.json.item.firma.media_id).not.toBe(a.json.item.firma.media_id);
    const after = await mediaRows(x.c.company.id);
    expect(after.map((m) => m.id)).toEqual([b.json.item.firma.media_id]);
    expect(await usedBytes(t, x.c.company.id)).toBe(second.length);
    expect(await storedKeys(t, x.c.company.id)).toEqual([after[0]!.storage_key]);
    // the detail shows it
    expect((await x.get(x.tech, `/rapportini/rapportini/admin/${x.id}`)).json.item.firma.firmatario).toBe('Anna Neri');
    // clearing
    const cleared = await call(t.app, 'DELETE', `/api/rapportini/rapportino/firma/${x.id}`, x.tech);
    expect(cleared.status).toBe(200);
    expect(cleared.json.item.firma).toBeNull();
    expect(await mediaRows(x.c.company.id)).toEqual([]);
    expect(await usedBytes(t, x.c.company.id)).toBe(0);
    expect(await storedKeys(t, x.c.company.id)).toEqual([]);
  });

  it('a closed report may be signed and keeps its signature; a completed one is refused', async () => {
    const x = await setup();
    const closed = await x.post(x.tech, '/rapportini/rapportino/chiusura', { id: x.id, azione: 'chiudi' });
    expect(closed.status).toBe(200);
    expect(closed.json.item.firmabile).toBe(true);
    const s = await x.sign(x.tech, { firmatario: 'Mario Verdi', png: dataUrl(png()) });
    expect(s.status).toBe(200);
    expect(s.json.item.stato).toBe('CHIUSO');
    const done = await x.post(x.admin, '/rapportini/rapportino/chiusura', { id: x.id, azione: 'completa' });
    expect(done.status).toBe(200);
    expect(done.json.item.firma.firmatario).toBe('Mario Verdi');
    expect(done.json.item.firmabile).toBe(false);
    const again = await x.sign(x.admin, { firmatario: 'Altro', png: dataUrl(png()) });
    expect([again.status, again.json.code]).toEqual([409, 'REPORT_COMPLETED']);
    const clear = await call(t.app, 'DELETE', `/api/rapportini/rapportino/firma/${x.id}`, x.admin);
    expect([clear.status, clear.json.code]).toEqual([409, 'REPORT_COMPLETED']);
    // nor through the media endpoint
    const del = await call(t.app, 'DELETE', `/api/media/delete/${done.json.item.firma.media_id}`, x.admin);
    expect(del.status).toBe(403);
    expect(await mediaRows(x.c.company.id)).toHaveLength(1);
  });

  it('with the option firma_cliente_obbligatoria a report closes only once signed', async () => {
    const x = await setup();
    expect(
      (await x.setOptions([{ category: 'firma_cliente_obbligatoria', subcategory: 'enabled', value: '1' }])).status,
    ).toBe(200);
    const refused = await x.post(x.tech, '/rapportini/rapportino/chiusura', { id: x.id, azione: 'chiudi' });
    expect([refused.status, refused.json.code]).toEqual([400, 'REPORT_MANDATORY_FIELDS']);
    expect(refused.json.fields).toEqual([{ path: 'firma', message: 'Firma del cliente obbligatoria' }]);
    expect((await x.sign(x.tech, { firmatario: 'Mario Verdi', png: dataUrl(png()) })).status).toBe(200);
    const closed = await x.post(x.tech, '/rapportini/rapportino/chiusura', { id: x.id, azione: 'chiudi' });
    expect(closed.status).toBe(200);
    expect(closed.json.item.stato).toBe('CHIUSO');
  });

  it('checks the image: a real PNG, not too large; the name is required', async () => {
    const x = await setup();
    const cases: [unknown, number, string][] = [
      [{ firmatario: 'A', png: Buffer.from('GIF89a not a png at all, sorry').toString('base64') }, 400, 'png'],
      [{ firmatario: 'A', png: 'data:image/png;base64,' + png().subarray(0, 40).toString('base64') }, 400, 'png'],
      [{ firmatario: 'A', png: 'data:image/jpeg;base64,/9j/4AAQ' }, 400, 'png'],
      [{ firmatario: 'A', png: 'not base64 at all!' }, 400, 'png'],
      [{ firmatario: 'A', png: dataUrl(htmlPng(false)) }, 400, 'png'],
      [{ firmatario: 'A', png: dataUrl(htmlPng(true)) }, 400, 'png'],
      [{ firmatario: '   ', png: dataUrl(png()) }, 400, 'firmatario'],
      [{ png: dataUrl(png()) }, 400, 'firmatario'],
    ];
    for (const [body, status, path] of cases) {
      const r = await x.sign(x.tech, body as Record<string, unknown>);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(r.json.fields?.[0]?.path).toBe(path);
    }
    // 400 KB of noise: over the limit (413 or the schema's length refusal)
    const big = png(512, 1, 700);
    expect(big.length).toBeGreaterThan(300 * 1024);
    const r = await x.sign(x.tech, { firmatario: 'A', png: big.toString('base64') });
    expect([400, 413]).toContain(r.status);
    expect(await mediaRows(x.c.company.id)).toEqual([]);
    expect(await storedKeys(t, x.c.company.id)).toEqual([]);
  });

  it('counts against the storage quota: refused when full, a replacement frees the old bytes first', async () => {
    const x = await setup();
    const first = png(4, 2, 20);
    expect((await x.sign(x.tech, { firmatario: 'A', png: dataUrl(first) })).status).toBe(200);
    const limit = 4 * 1024 ** 3;
    // Full but for the current signature's bytes plus 10: a replacement of the same size passes...
    await t.deps.database.executeSql(`update storage_usage set used_bytes = $2 where azienda_id = $1`, [
      x.c.company.id,
      limit - 10,
    ]);
    const same = png(4, 2);
    expect(same.length).toBeLessThan(first.length + 10);
    expect((await x.sign(x.tech, { firmatario: 'B', png: dataUrl(same) })).status).toBe(200);
    // ...a new one on a full store does not, and nothing stays behind.
    await call(t.app, 'DELETE', `/api/rapportini/rapportino/firma/${x.id}`, x.tech);
    await t.deps.database.executeSql(`update storage_usage set used_bytes = $2 where azienda_id = $1`, [
      x.c.company.id,
      limit - 10,
    ]);
    const r = await x.sign(x.tech, { firmatario: 'C', png: dataUrl(png()) });
    expect([r.status, r.json.code]).toEqual([413, 'STORAGE_QUOTA_EXCEEDED']);
    expect(await mediaRows(x.c.company.id)).toEqual([]);
    expect(await storedKeys(t, x.c.company.id)).toEqual([]);
  });

  it('answers 404 to another company and to a technician who is not on the report', async () => {
    const x = await setup();
    const b = await createCompany(t);
    const sb = await b.login('admin');
    const body = { id: x.id, firmatario: 'Intruso', png: dataUrl(png()) };
    expect((await call(t.app, 'POST', '/api/rapportini/rapportino/firma', { ...sb, body })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/rapportini/rapportino/firma/${x.id}`, sb)).status).toBe(404);
    const link = await call(t.app, 'POST', '/api/rapportini/rapportino/firma/link', {
      ...sb,
      body: { id: x.id, email: 'b@example.test' },
    });
    expect(link.status).toBe(404);
    // A report of the office's the technician is not assigned to.
    const office = await x.post(x.admin, '/rapportini/rapportino/lavorazione', { cliente_id: x.clienteId });
    const theirs = await x.post(x.tech, '/rapportini/rapportino/firma', {
      id: office.json.item.id,
      firmatario: 'X',
      png: dataUrl(png()),
    });
    expect(theirs.status).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `/api/rapportini/rapportino/firma/${office.json.item.id}`, x.tech)).status,
    ).toBe(404);
    expect(await mediaRows(x.c.company.id)).toEqual([]);
    // The technician may not send links (office only).
    const techLink = await x.post(x.tech, '/rapportini/rapportino/firma/link', { id: x.id, email: 'c@example.test' });
    expect(techLink.status).toBe(403);
  });
});

describe('signing through a mailed link', () => {
  const tokenOf = (text: string) => /\/firma\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

  it("mails a single-use link to the customer's address; the page shows the summary only; signing records the IP", async () => {
    const x = await setup();
    const email = `cliente.${Math.random().toString(36).slice(2, 8)}@example.test`;
    await t.deps.database.executeSql(`update clienti set email = $2 where id = $1`, [x.clienteId, email]);
    const sent = await x.post(x.admin, '/rapportini/rapportino/firma/link', { id: x.id });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    expect(sent.json.email).toBe(email);
    const days = (Date.parse(sent.json.scadenza) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    const mail = await t.smtp.waitFor(email);
    expect(mail.text).toContain('http://app.test/firma/');
    const token = tokenOf(mail.text)!;
    expect(token).toBeTruthy();
    // only the hash is stored
    const stored = await t.deps.database.executeSql(
      `select token_hash from rapportini_firma_link where rapportino_id = $1`,
      [x.id],
    );
    expect(JSON.stringify(stored.rows)).not.toContain(token);

    // Another report of the same customer stays out of reach.
    const other = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      richiesta_iniziale: 'Richiesta di un altro intervento',
    });
    expect(other.status).toBe(200);
    const summary = await call(t.app, 'GET', `/api/public/firma/${token}`);
    expect(summary.status).toBe(200);
    expect(summary.json.item).toMatchObject({
      numero_assistenza: expect.any(String),
      cliente: 'Idraulica Verdi S.n.c.',
      richiesta_iniziale: 'Caldaia in blocco',
      giornate: [expect.objectContaining({ data: '2026-11-20', totale_ore: '4.00' })],
      materiali: [expect.objectContaining({ descrizione: 'Valvola' })],
    });
    expect(summary.json.item.azienda).toBe(x.c.company.ragioneSociale);
    // Nothing but the summary: no prices, no ids of the company's records.
    const text = summary.raw.body;
    for (const secret of [
      other.json.item.id,
      other.json.item.numero_assistenza,
      'Richiesta di un altro',
      x.id,
      x.clienteId,
      x.techId,
      x.articoloId,
      x.c.company.id,
      '12.50',
      'prezz',
      'totale"',
    ])
      expect(text).not.toContain(secret);
    // The token is no session: authenticated routes stay closed to it.
    const asBearer = await t.app.inject({
      method: 'GET',
      url: `/api/rapportini/rapportini/admin/${x.id}`,
      headers: { authorization: `Bearer ${token}`, 'device-id': 'abcdefghij123456' },
    });
    expect(asBearer.statusCode).toBe(401);

    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/public/firma/${token}`,
      payload: { firmatario: 'Giulia Verdi', png: dataUrl(png()) },
      remoteAddress: '203.0.113.7',
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().firmatario).toBe('Giulia Verdi');
    const report = await x.get(x.admin, `/rapportini/rapportini/admin/${x.id}`);
    expect(report.json.item.firma).toMatchObject({ firmatario: 'Giulia Verdi', remoto: true, ip: '203.0.113.7' });
    expect(await mediaRows(x.c.company.id)).toHaveLength(1);
    // used: both the page and a second signature answer 410
    const again = await call(t.app, 'POST', `/api/public/firma/${token}`, {
      body: { firmatario: 'Altro', png: dataUrl(png()) },
    });
    expect([again.status, again.json.code]).toEqual([410, 'SIGNATURE_LINK_INVALID']);
    expect(again.json.message).toMatch(/già stato usato/);
    expect((await call(t.app, 'GET', `/api/public/firma/${token}`)).status).toBe(410);
    expect((await x.get(x.admin, `/rapportini/rapportini/admin/${x.id}`)).json.item.firma.firmatario).toBe(
      'Giulia Verdi',
    );
  });

  it('refuses an expired or unknown link, one spent by a newer link, and a completed report', async () => {
    const x = await setup();
    const email = `altro.${Math.random().toString(36).slice(2, 8)}@example.test`;
    const first = await x.post(x.admin, '/rapportini/rapportino/firma/link', { id: x.id, email });
    expect(first.status).toBe(200);
    const t1 = tokenOf((await t.smtp.waitFor(email)).text)!;
    await t.deps.database.executeSql(
      `update rapportini_firma_link set scade_at = now() - interval '1 minute' where rapportino_id = $1`,
      [x.id],
    );
    const expired = await call(t.app, 'GET', `/api/public/firma/${t1}`);
    expect([expired.status, expired.json.code]).toEqual([410, 'SIGNATURE_LINK_INVALID']);
    expect(expired.json.message).toMatch(/scaduto/);
    const expiredSign = await call(t.app, 'POST', `/api/public/firma/${t1}`, {
      body: { firmatario: 'X', png: dataUrl(png()) },
    });
    expect(expiredSign.status).toBe(410);
    const unknown = await call(t.app, 'GET', `/api/public/firma/${'x'.repeat(43)}`);
    expect([unknown.status, unknown.json.code]).toEqual([410, 'SIGNATURE_LINK_INVALID']);
    // a newer link spends the older one; signing on the screen spends the newer
    const email2 = `terzo.${Math.random().toString(36).slice(2, 8)}@example.test`;
    await x.post(x.admin, '/rapportini/rapportino/firma/link', { id: x.id, email: email2 });
    const t2 = tokenOf((await t.smtp.waitFor(email2)).text)!;
    expect((await call(t.app, 'GET', `/api/public/firma/${t2}`)).status).toBe(200);
    expect((await x.sign(x.tech, { firmatario: 'Sul posto', png: dataUrl(png()) })).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/public/firma/${t2}`)).status).toBe(410);
    // a customer without an email needs one; a bad address is refused
    const none = await x.post(x.admin, '/rapportini/rapportino/firma/link', { id: x.id });
    expect([none.status, none.json.fields?.[0]?.path]).toEqual([400, 'email']);
    const bad = await x.post(x.admin, '/rapportini/rapportino/firma/link', { id: x.id, email: 'not-an-address' });
    expect([bad.status, bad.json.fields?.[0]?.path]).toEqual([400, 'email']);
    // completed: no new link, and an open one stops working
    const email3 = `quarto.${Math.random().toString(36).slice(2, 8)}@example.test`;
    await x.post(x.admin, '/rapportini/rapportino/firma/link', { id: x.id, email: email3 });
    const t3 = tokenOf((await t.smtp.waitFor(email3)).text)!;
    await x.post(x.tech, '/rapportini/rapportino/chiusura', { id: x.id, azione: 'chiudi' });
    await x.post(x.admin, '/rapportini/rapportino/chiusura', { id: x.id, azione: 'completa' });
    expect((await call(t.app, 'GET', `/api/public/firma/${t3}`)).status).toBe(410);
    const late = await x.post(x.admin, '/rapportini/rapportino/firma/link', { id: x.id, email });
    expect([late.status, late.json.code]).toEqual([409, 'REPORT_COMPLETED']);
  });
});
