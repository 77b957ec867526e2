import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { etagMatches, pickEncoding, RangeCache, rangeEtag } from './range-cache.js';
import { plannerCompany, type S } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const NOV = '/v2/schedule/appointments/start/20261101/end/20261130';

describe('planner: the range kept under the revision (ETag, 304)', () => {
  it('answers 304 to a current validator and a new body after every change the range shows', async () => {
    const x = await plannerCompany(t);
    const read = (s: S = x.admin, etag?: string, q = '') =>
      call(t.app, 'GET', `/api${NOV}${q}`, { ...s, headers: etag ? { 'if-none-match': etag } : {} });
    const first = await read();
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    let etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"r\d+-[\w-]+"$/);
    const unchanged = await read(x.admin, etag);
    expect(unchanged.status).toBe(304);
    expect(unchanged.raw.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);

    /** After a change: the old validator gets the new body, under a new one. */
    const changed = async (what: string, check: (items: any[]) => void) => {
      const r = await read(x.admin, etag);
      expect(r.status, what).toBe(200);
      expect(r.headers.etag, what).not.toBe(etag);
      check(r.json.items);
      etag = String(r.headers.etag);
      expect((await read(x.admin, etag)).status, what).toBe(304);
    };

    const item = await x.create({ impianto_id: x.impiantoId, macchinari_ids: [x.macchinaId], crea_rapportino: true });
    await changed('created', (items) => expect(items.map((i) => i.id)).toEqual([item.id]));
    await x.save(x.admin, {
      ...x.base({ inizio: '2026-11-21T08:00:00Z', fine: '2026-11-21T09:00:00Z' }),
      impianto_id: x.impiantoId,
      macchinari_ids: [x.macchinaId],
      id: item.id,
      conferma: true,
    });
    await changed('moved', (items) => {
      expect(items[0].giorno_inizio).toBe('20261121');
      expect(items[0].macchinari_ids).toEqual([x.macchinaId]);
    });
    await x.sql('update clienti set ragione_sociale = $1 where id = $2', ['Verdi Idraulica S.r.l.', x.clienteId]);
    await changed('customer renamed', (items) => expect(items[0].cliente).toBe('Verdi Idraulica S.r.l.'));
    await x.sql('update impianti set citta = $1 where id = $2', ['Cesena', x.impiantoId]);
    await changed('plant moved', (items) => expect(items[0].luogo.citta).toBe('Cesena'));
    await x.sql('update utenti set name = $1 where id = $2', ['Gianni', x.techId]);
    await changed('technician renamed', (items) => expect(items[0].tecnici[0].nome).toContain('Gianni'));
    await x.sql('delete from appuntamenti_macchinari where appuntamento_id = $1', [item.id]);
    await changed('machine unlinked', (items) => expect(items[0].macchinari_ids).toEqual([]));
    await x.sql("update rapportini set stato = 'APERTO' where id = $1", [item.rapportino_id]);
    await changed('linked report opened', (items) => expect(items[0].stato_rapportino).toBe('APERTO'));

    // A report no appointment links, and another company's planner, leave the validator as it is.
    const december = await x.create({
      inizio: '2026-12-02T08:00:00Z',
      fine: '2026-12-02T09:00:00Z',
      crea_rapportino: true,
    });
    expect((await call(t.app, 'DELETE', `/api/schedule/appointment/remove/${december.id}`, x.admin)).status).toBe(200);
    etag = String((await read()).headers.etag);
    const left = await x.sql("update rapportini set stato = 'APERTO' where id = $1 returning id", [
      december.rapportino_id,
    ]);
    expect(left.rows).toHaveLength(1);
    // Nor does an edit of what the range does not show (a customer's phone).
    await x.sql('update clienti set telefono = $1 where id = $2', ['0543 123456', x.clienteId]);
    const y = await plannerCompany(t);
    await y.create();
    expect((await read(x.admin, etag)).status).toBe(304);

    expect((await call(t.app, 'DELETE', `/api/schedule/appointment/remove/${item.id}`, x.admin)).status).toBe(200);
    await changed('deleted', (items) => expect(items).toEqual([]));
  });

  it('keeps the lean shape under its own validator, following the changes of the names it shows', async () => {
    const x = await plannerCompany(t);
    const item = await x.create({ impianto_id: x.impiantoId });
    const read = (etag?: string) =>
      call(t.app, 'GET', `/api${NOV}?forma=compatta`, { ...x.admin, headers: etag ? { 'if-none-match': etag } : {} });
    const full = await x.range(x.admin, '20261101', '20261130');
    const first = await read();
    expect(first.status).toBe(200);
    expect(first.json.forma).toBe('compatta');
    expect(first.json.items.map((i: unknown[]) => i[0])).toEqual([item.id]);
    expect(first.json.tecnici.map((u: unknown[]) => u[0])).toEqual([x.techId]);
    expect(first.headers.etag).not.toBe(full.headers.etag);
    expect((await read(String(first.headers.etag))).status).toBe(304);
    // The full answer's validator does not stand for the lean one.
    expect((await read(String(full.headers.etag))).status).toBe(200);
    await x.sql('update clienti set ragione_sociale = $1 where id = $2', ['Rossi Termica', x.clienteId]);
    await x.sql('update impianti set nome = $1 where id = $2', ['Centrale termica', x.impiantoId]);
    await x.sql('update utenti set name = $1 where id = $2', ['Gianni', x.techId]);
    const after = await read(String(first.headers.etag));
    expect(after.status).toBe(200);
    expect(after.json.clienti.map((c: unknown[]) => c.slice(0, 2))).toEqual([[x.clienteId, 'Rossi Termica']]);
    expect(after.json.impianti[0].slice(0, 2)).toEqual([x.impiantoId, 'Centrale termica']);
    expect(after.json.tecnici[0][1]).toContain('Gianni');
    expect((await read(String(after.headers.etag))).status).toBe(304);
  });

  it('keeps answers apart by filters, caller and company; compresses as asked', async () => {
    const x = await plannerCompany(t);
    await x.sql("update utenti set scheduleenabled = 'Y' where id = $1", [x.adminId]);
    await x.create();
    await x.create({ tecnici_ids: [x.adminId], titolo: 'Sopralluogo' });
    const all = await x.range(x.admin, '20261101', '20261130');
    const mine = await x.range(x.tech, '20261101', '20261130');
    const filtered = await x.range(x.admin, '20261101', '20261130', `?tecnico_id=${x.techId}`);
    expect(all.json.items).toHaveLength(2);
    // One transaction, however many rows: one bump.
    const revision = async () =>
      Number(
        (await x.sql('select revisione from revisioni_schedule where azienda_id = $1', [x.c.company.id])).rows[0]
          ?.revisione,
      );
    const before = await revision();
    expect(
      (await x.sql("update appuntamenti set note = 'Chiavi in portineria' where azienda_id = $1", [x.c.company.id]))
        .rowCount,
    ).toBe(2);
    expect(await revision()).toBe(before + 1);
    // The technician (own data only) sees the same as the office filtered on them, never the whole answer.
    expect(mine.json.items.map((i: any) => i.id)).toEqual(filtered.json.items.map((i: any) => i.id));
    expect(mine.json.items).toHaveLength(1);
    expect(mine.headers.etag).not.toBe(all.headers.etag);
    const tryAll = await call(t.app, 'GET', `/api${NOV}`, {
      ...x.tech,
      headers: { 'if-none-match': String(all.headers.etag) },
    });
    expect(tryAll.status).toBe(200);
    expect(tryAll.json.items).toHaveLength(1);
    // Another company presenting this company's validator gets its own answer.
    const y = await plannerCompany(t);
    const foreign = await call(t.app, 'GET', `/api${NOV}`, {
      ...y.admin,
      headers: { 'if-none-match': String(all.headers.etag) },
    });
    expect(foreign.status).toBe(200);
    expect(foreign.json.items).toEqual([]);

    const current = (await x.range(x.admin, '20261101', '20261130')).json;
    expect(current.items.every((i: any) => i.note === 'Chiavi in portineria')).toBe(true);
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const r = await t.app.inject({
        method: 'GET',
        url: `/api${NOV}`,
        headers: {
          source: 'WEB',
          'device-id': x.admin.deviceId,
          authorization: `Bearer ${x.admin.token}`,
          'accept-encoding': accept,
        },
      });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-encoding']).toBe(encoding);
      const raw = r.rawPayload;
      const text = (
        encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw
      ).toString();
      expect(JSON.parse(text)).toEqual(current);
    }
  });
});

describe('range cache', () => {
  it('picks the encoding a client accepts', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });

  it('compares validators weakly, in lists and with *', () => {
    const e = rangeEtag(3, 'a|b');
    expect(e).not.toBe(rangeEtag(4, 'a|b'));
    expect(e).not.toBe(rangeEtag(3, 'a|c'));
    expect(etagMatches(e, e)).toBe(true);
    expect(etagMatches(`"x", ${e.slice(2)}`, e)).toBe(true);
    expect(etagMatches('*', e)).toBe(true);
    expect(etagMatches('"other"', e)).toBe(false);
    expect(etagMatches(undefined, e)).toBe(false);
  });

  it('builds once for concurrent asks, drops older revisions and stays within its bytes', async () => {
    const cache = new RangeCache(2_500);
    let builds = 0;
    const build = (n: number) => async () => {
      builds += 1;
      return 'x'.repeat(n);
    };
    const [a, b] = await Promise.all([cache.get('co', 1, 'k', build(1000)), cache.get('co', 1, 'k', build(1000))]);
    expect(a).toBe(b);
    expect(builds).toBe(1);
    expect(cache.size).toBe(1000);
    // A newer revision of the company: the old answer goes.
    await cache.get('co', 2, 'k', build(1000));
    expect(cache.size).toBe(1000);
    // A late reader of the older revision does not drop the newer one.
    await cache.get('co', 1, 'k', build(1000));
    expect(builds).toBe(3);
    await cache.get('co', 2, 'k', build(1000));
    expect(builds).toBe(3);
    // Over the bound, the least recently used goes first.
    const c1 = await cache.get('other', 1, 'k1', build(1000));
    await cache.get('other', 1, 'k2', build(1000));
    expect(cache.size).toBeLessThanOrEqual(2_500);
    const zipped = await cache.body(c1, 'gzip');
    expect(zlib.gunzipSync(zipped).toString()).toBe('x'.repeat(1000));
    expect(cache.size).toBeLessThanOrEqual(2_500);
    // A failed build is not kept.
    await expect(
      cache.get('co', 9, 'bad', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await cache.get('co', 9, 'bad', build(10));
    expect(builds).toBe(6);
  });
});
