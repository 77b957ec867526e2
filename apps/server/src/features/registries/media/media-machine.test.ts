import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { contentDisposition } from '../../../platform/http/content-disposition.js';
import { safeFilename } from './sections.js';
import { ORPHAN_GRACE_MS, recalculate } from './quota.js';
import { sweepRemovals } from '../../../platform/storage-removals.js';
import { countRows, DOCX, EXE, HTML, PDF, PNG, storedKeys, upload, usedBytes, type Session } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MEDIA_DOC_MAX_BYTES: String(64 * 1024) });
});
afterAll(() => t?.close());

/** A customer with a plant and a machine of the company (rows of the customers feature). */
async function machineOf(aziendaId: string): Promise<string> {
  const q = (sql: string, p: unknown[]) => t.deps.database.executeSql(sql, p);
  const cliente = (
    await q('insert into clienti (azienda_id, ragione_sociale) values ($1, $2) returning id', [
      aziendaId,
      'Cliente prova',
    ])
  ).rows[0].id;
  const impianto = (
    await q('insert into impianti (azienda_id, cliente_id, nome) values ($1, $2, $3) returning id', [
      aziendaId,
      cliente,
      'Sede',
    ])
  ).rows[0].id;
  return (
    await q('insert into macchinari (azienda_id, impianto_id, nome, matricola) values ($1, $2, $3, $4) returning id', [
      aziendaId,
      impianto,
      'Caldaia',
      `M-${randomBytes(4).toString('hex')}`,
    ])
  ).rows[0].id as string;
}

const content = (s: Session, id: string, headers: Record<string, string> = {}) =>
  call(t.app, 'GET', `/api/media/get-content/${id}`, { ...s, headers });

describe('machine media', () => {
  it('adds photos and documents, lists them newest first, renames, streams back and deletes', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const m = await machineOf(c.company.id);
    const photo = await upload(t, admin, `/api/media/insert/macchinario/${m}`, PNG, 'targa.png');
    const manual = await upload(
      t,
      admin,
      `/api/media/insert/macchinario/${m}`,
      PDF,
      "Manuale d'uso.pdf",
      'application/pdf',
    );
    const sheet = await upload(
      t,
      admin,
      `/api/media/insert/macchinario/${m}`,
      DOCX,
      'scheda.docx',
      'application/octet-stream',
    );
    expect([photo.statusCode, manual.statusCode, sheet.statusCode]).toEqual([200, 200, 200]);
    expect(sheet.json().item).toMatchObject({
      section: 'macchinario',
      owner_id: m,
      filename: 'scheda.docx',
      size: DOCX.length,
      descrizione: null,
      content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      uploaded_by: c.user('admin').id,
    });
    const list = await call(t.app, 'GET', `/api/media/get-db/macchinario/${m}`, admin);
    expect(list.status).toBe(200);
    expect(list.json.items.map((i: { filename: string }) => i.filename).sort()).toEqual([
      "Manuale d'uso.pdf",
      'scheda.docx',
      'targa.png',
    ]);
    expect(await usedBytes(t, c.company.id)).toBe(PNG.length + PDF.length + DOCX.length);

    // PDF and images inline, office documents as attachments; ranges
    const pdf = await content(admin, manual.json().item.id);
    expect([pdf.status, pdf.headers['content-type'], pdf.headers['content-disposition']]).toEqual([
      200,
      'application/pdf',
      `inline; filename="Manuale d'uso.pdf"; filename*=UTF-8''Manuale%20d%27uso.pdf`,
    ]);
    expect((await content(admin, sheet.json().item.id)).headers['content-disposition']).toMatch(/^attachment; /);
    const part = await content(admin, manual.json().item.id, { range: 'bytes=-6' });
    expect([part.status, part.raw.body, part.headers['content-range']]).toEqual([
      206,
      '%EOF\n'.padStart(6, '%'),
      `bytes ${PDF.length - 6}-${PDF.length - 1}/${PDF.length}`,
    ]);
    expect((await content(admin, manual.json().item.id, { range: `bytes=${PDF.length}-` })).status).toBe(416);

    // rename: path and quotes go, the real type's extension stays
    const renamed = await call(t.app, 'POST', '/api/media/update', {
      ...admin,
      body: { id: sheet.json().item.id, filename: '../../etc/"Scheda" tecnica.exe', descrizione: 'Scheda del 2024' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json.item).toMatchObject({ filename: '_Scheda_ tecnica.docx', descrizione: 'Scheda del 2024' });
    expect(
      (await call(t.app, 'POST', '/api/media/update', { ...admin, body: { id: sheet.json().item.id } })).status,
    ).toBe(400);

    expect((await call(t.app, 'DELETE', `/api/media/delete/${photo.json().item.id}`, admin)).status).toBe(200);
    expect(await countRows(t, c.company.id)).toBe(2);
    expect(await storedKeys(t, c.company.id)).toHaveLength(2);
    expect(await usedBytes(t, c.company.id)).toBe(PDF.length + DOCX.length);
  });

  it('refuses what is not really an image, PDF or office file, whatever it is declared to be', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const m = await machineOf(c.company.id);
    for (const [bytes, name] of [
      [HTML, 'foto.png'],
      [EXE, 'manuale.pdf'],
      [Buffer.from('just text'), 'nota.docx'],
    ] as const) {
      const r = await upload(
        t,
        admin,
        `/api/media/insert/macchinario/${m}`,
        bytes,
        name,
        name.endsWith('.png') ? 'image/png' : 'application/pdf',
      );
      expect([r.statusCode, r.json().code], name).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    }
    // a profile photo takes images only, not a PDF
    const pdfPhoto = await upload(t, admin, `/api/media/insert/utente/${c.user('admin').id}`, PDF, 'foto.png');
    expect(pdfPhoto.statusCode).toBe(415);
    // over the section's limit (64 KB here): refused before streaming when declared, while streaming otherwise
    const big = await upload(
      t,
      admin,
      `/api/media/insert/macchinario/${m}`,
      Buffer.concat([PDF, Buffer.alloc(100 * 1024)]),
      'big.pdf',
    );
    expect([big.statusCode, big.json().code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const edge = await upload(
      t,
      admin,
      `/api/media/insert/macchinario/${m}`,
      Buffer.concat([PDF, Buffer.alloc(70 * 1024)]),
      'edge.pdf',
    );
    expect([edge.statusCode, edge.json().code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(await countRows(t, c.company.id)).toBe(0);
    expect(await storedKeys(t, c.company.id)).toEqual([]);
    expect(await usedBytes(t, c.company.id)).toBe(0);
  });

  it('permissions: technicians read machine files but may not add or delete them; unknown machines answer 404', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const tech = await c.login('tech');
    const m = await machineOf(c.company.id);
    const id = (await upload(t, admin, `/api/media/insert/macchinario/${m}`, PNG)).json().item.id;
    expect((await call(t.app, 'GET', `/api/media/get-db/macchinario/${m}`, tech)).status).toBe(200);
    expect((await content(tech, id)).status).toBe(200);
    expect((await upload(t, tech, `/api/media/insert/macchinario/${m}`, PNG)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/api/media/update', { ...tech, body: { id, descrizione: 'x' } })).status).toBe(
      403,
    );
    expect((await call(t.app, 'DELETE', `/api/media/delete/${id}`, tech)).status).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(t.app, 'GET', `/api/media/get-db/macchinario/${unknown}`, admin)).status).toBe(404);
    expect((await upload(t, admin, `/api/media/insert/macchinario/${unknown}`, PNG)).statusCode).toBe(404);
  });

  it("another company's machines and their files answer 404 and stay as they were", async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const sa = await a.login('admin');
    const sb = await b.login('admin');
    const m = await machineOf(a.company.id);
    const id = (await upload(t, sa, `/api/media/insert/macchinario/${m}`, PDF, 'riservato.pdf')).json().item.id;
    expect((await call(t.app, 'GET', `/api/media/get-db/macchinario/${m}`, sb)).status).toBe(404);
    expect((await content(sb, id)).status).toBe(404);
    expect((await call(t.app, 'POST', '/api/media/update', { ...sb, body: { id, filename: 'preso' } })).status).toBe(
      404,
    );
    expect((await call(t.app, 'DELETE', `/api/media/delete/${id}`, sb)).status).toBe(404);
    expect((await upload(t, sb, `/api/media/insert/macchinario/${m}`, PNG)).statusCode).toBe(404);
    const left = await call(t.app, 'GET', `/api/media/get-db/macchinario/${m}`, sa);
    expect(left.json.items).toHaveLength(1);
    expect(left.json.items[0].filename).toBe('riservato.pdf');
  });
});

describe('a deleted machine', () => {
  it("takes its files' rows and bytes along at once; the storage sweep removes the objects (issue 22)", async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const m = await machineOf(c.company.id);
    await upload(t, admin, `/api/media/insert/macchinario/${m}`, PDF, 'a.pdf');
    await upload(t, admin, `/api/media/insert/macchinario/${m}`, PNG, 'b.png');
    expect(await usedBytes(t, c.company.id)).toBe(PDF.length + PNG.length);
    // deleting the customer cascades to the plant and the machine
    await t.deps.database.executeSql('delete from clienti where azienda_id = $1', [c.company.id]);
    expect(await countRows(t, c.company.id)).toBe(0);
    expect(await usedBytes(t, c.company.id)).toBe(0);
    // The database's own cascade deleted the rows: their objects are on record for the sweep.
    expect(await storedKeys(t, c.company.id)).toHaveLength(2);
    expect(await sweepRemovals(t.deps, { graceSec: 0, aziendaId: c.company.id })).toBe(2);
    expect(await storedKeys(t, c.company.id)).toEqual([]);
    const tomorrow = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    expect(await recalculate(t.deps, c.company.id, tomorrow)).toEqual({
      usedBytes: 0,
      missingObjects: 0,
      orphansRemoved: 0,
      ownerlessRemoved: 0,
    });
  });
});

describe('names of stored files and Content-Disposition', () => {
  it('keeps an uploaded odd name safe in storage and in the header', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const m = await machineOf(c.company.id);
    const r = await upload(
      t,
      admin,
      `/api/media/insert/macchinario/${m}`,
      PDF,
      'C:\\Users\\anna\\Offerta "finale"; però.pdf',
      'application/pdf',
    );
    expect(r.json().item.filename).toBe('Offerta _finale_; però.pdf');
    // as a browser sends quotes and line breaks (HTML standard: %22, %0D, %0A)
    const browser = await upload(
      t,
      admin,
      `/api/media/insert/macchinario/${m}`,
      PDF,
      'Caldaia %22CX-1%22%0D%0A.pdf',
      'application/pdf',
    );
    expect(browser.json().item.filename).toBe('Caldaia _CX-1___.pdf');
    const got = await content(admin, r.json().item.id);
    expect(got.headers['content-disposition']).toBe(
      `inline; filename="Offerta _finale__ per_.pdf"; filename*=UTF-8''Offerta%20_finale_%3B%20per%C3%B2.pdf`,
    );
  });

  it('safeFilename and contentDisposition', () => {
    expect(safeFilename('../../etc/passwd', 'pdf', 'documento')).toBe('passwd.pdf');
    expect(safeFilename('..\\..\\boot.ini', 'png', 'documento')).toBe('boot.png');
    expect(safeFilename('...', 'pdf', 'documento')).toBe('documento.pdf');
    expect(safeFilename('a\r\nb\u0000c<d>.pdf', 'pdf', 'documento')).toBe('a__b_c_d_.pdf');
    expect(safeFilename('Übersicht Größe.xlsx', 'xlsx', 'documento')).toBe('Übersicht Größe.xlsx');
    expect(contentDisposition('attachment', 'a/b\\c"d;e\r\nf 日本.pdf')).toBe(
      `attachment; filename="a_b_c_d_e__f __.pdf"; filename*=UTF-8''a%2Fb%5Cc%22d%3Be%0D%0Af%20%E6%97%A5%E6%9C%AC.pdf`,
    );
    expect(contentDisposition('inline', "l'(x)*.png")).toBe(
      `inline; filename="l'(x)*.png"; filename*=UTF-8''l%27%28x%29%2A.png`,
    );
  });
});
