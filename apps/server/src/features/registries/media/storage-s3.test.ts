import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from '@20minutes/s3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@fs/contract';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { s3Storage } from '../../../platform/storage-s3.js';
import type { Storage } from '../../../platform/storage.js';
import { recalculate } from './quota.js';
import { sweepRemovals } from '../../../platform/storage-removals.js';
import { countRows, PNG, storedKeys, upload, usedBytes } from './test-helpers.js';

/**
 * The S3 back end against a real S3-protocol server (s3rver) on loopback:
 * multipart uploads, ranges, listing and batch deletes over HTTP.
 */
const BUCKET = 'fs-media-test';
let server: S3rver;
let dir: string;
let endpoint: string;
let s3: Storage;
let t: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'fs-s3rver-'));
  // s3rver 4.0.4 signs bucket-level requests (list, batch delete) over `/bucket` while the SDK signs `/bucket/`,
  // so its signature check is relaxed to a mismatch being accepted; the access key is still checked.
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // s3rver's fixed credentials; signatures are checked.
  const creds = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
  s3 = s3Storage({
    bucket: BUCKET,
    endpoint,
    region: 'us-east-1',
    accessKeyId: creds.S3_ACCESS_KEY_ID,
    secretAccessKey: creds.S3_SECRET_ACCESS_KEY,
    forcePathStyle: true,
  });
  t = await startTestApp({ S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, S3_FORCE_PATH_STYLE: 'true', ...creds });
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `size` pseudo-random bytes produced chunk by chunk; fails after `failAt` bytes when given. */
function generated(size: number, failAt?: number) {
  let sent = 0;
  let seed = 7;
  return Readable.from(
    (function* () {
      while (sent < size) {
        if (failAt !== undefined && sent >= failAt) throw new Error('client went away');
        const n = Math.min(256 * 1024, size - sent);
        const chunk = Buffer.alloc(n);
        for (let i = 0; i + 4 <= n; i += 4) chunk.writeUInt32LE((seed = (seed * 1103515245 + 12345) >>> 0), i);
        sent += n;
        yield chunk;
      }
    })(),
  );
}
async function digest(stream: Readable) {
  const h = createHash('sha256');
  let n = 0;
  for await (const c of stream) {
    h.update(c);
    n += c.length;
  }
  return { sha: h.digest('hex'), n };
}

describe('S3 storage adapter (s3rver on loopback)', () => {
  const company = '0b8a3c1e-5d6f-4a7b-8c9d-0e1f2a3b4c5d';

  it('streams a 20 MB object up in parts and back whole and by range, lists, sizes and removes it', async () => {
    const size = 20 * 1024 * 1024 + 123;
    const stored = await s3.put(company, generated(size));
    expect(stored.size).toBe(size);
    expect(stored.key.startsWith(`${company}/`)).toBe(true);
    expect(await digest(await s3.get(stored.key))).toEqual(await digest(generated(size)));
    const part = await digest(await s3.get(stored.key, { start: 10, end: 19 }));
    expect(part.n).toBe(10);
    expect(await s3.size(stored.key)).toBe(size);
    const listed = [];
    for await (const o of s3.list(company)) listed.push(o);
    expect(listed.map((o) => [o.key, o.size])).toEqual([[stored.key, size]]);
    await s3.remove(stored.key);
    expect(await s3.size(stored.key)).toBeNull();
    await expect(s3.get(stored.key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  }, 60_000);

  it('a stream that fails midway leaves nothing in the bucket (single and multipart)', async () => {
    await expect(s3.put(company, generated(1024 * 1024, 512 * 1024))).rejects.toThrow('client went away');
    await expect(s3.put(company, generated(30 * 1024 * 1024, 17 * 1024 * 1024))).rejects.toThrow('client went away');
    const listed = [];
    for await (const o of s3.list(company)) listed.push(o);
    expect(listed).toEqual([]);
  }, 60_000);

  it("removeAll empties one company's prefix only", async () => {
    const other = '1c9b4d2f-6e7a-4b8c-9d0e-1f2a3b4c5d6e';
    for (let i = 0; i < 3; i++) await s3.put(company, Readable.from([Buffer.from(`file ${i}`)]));
    const kept = await s3.put(other, Readable.from([Buffer.from('other company')]));
    await s3.removeAll(company);
    const mine = [];
    for await (const o of s3.list(company)) mine.push(o);
    expect(mine).toEqual([]);
    expect(await s3.size(kept.key)).toBe(13);
    await s3.removeAll(other);
  });
});

describe('media on S3', () => {
  it('an upload round trip through the API: stored in the bucket, streamed back with ranges, deleted', async () => {
    expect(t.deps.storage.kind).toBe('s3');
    const c = await createCompany(t);
    const s = await c.login('tech');
    const r = await upload(t, s, `/api/media/insert/utente/${c.user('tech').id}`, PNG);
    expect(r.statusCode).toBe(200);
    const id = r.json().item.id;
    const keys = await storedKeys(t, c.company.id);
    expect(keys).toHaveLength(1);
    const got = await call(t.app, 'GET', `/api/media/get-content/${id}`, s);
    expect([got.status, got.headers['content-type'], Buffer.compare(got.raw.rawPayload, PNG)]).toEqual([
      200,
      'image/png',
      0,
    ]);
    const ranged = await call(t.app, 'GET', `/api/media/get-content/${id}`, { ...s, headers: { range: 'bytes=0-7' } });
    expect([ranged.status, ranged.headers['content-range'], ranged.raw.rawPayload.toString('hex')]).toEqual([
      206,
      `bytes 0-7/${PNG.length}`,
      '89504e470d0a1a0a',
    ]);
    expect(await recalculate(t.deps, c.company.id)).toEqual({
      usedBytes: PNG.length,
      missingObjects: 0,
      orphansRemoved: 0,
      ownerlessRemoved: 0,
    });
    expect((await call(t.app, 'DELETE', `/api/media/delete/${id}`, s)).status).toBe(200);
    expect(await storedKeys(t, c.company.id)).toEqual([]);
    expect(await usedBytes(t, c.company.id)).toBe(0);
  });

  it('an over-quota upload leaves no object and no row; the company deletion empties its prefix', async () => {
    const c = await createCompany(t);
    const s = await c.login('tech');
    await t.deps.database.executeSql('insert into storage_usage (azienda_id, used_bytes) values ($1, $2)', [
      c.company.id,
      LIMITS.storageIncludedBytes - 10,
    ]);
    const r = await upload(t, s, `/api/media/insert/utente/${c.user('tech').id}`, PNG);
    expect([r.statusCode, r.json().code]).toEqual([413, 'STORAGE_QUOTA_EXCEEDED']);
    expect(await storedKeys(t, c.company.id)).toEqual([]);
    expect(await countRows(t, c.company.id)).toBe(0);
    await t.deps.database.executeSql('update storage_usage set used_bytes = 0 where azienda_id = $1', [c.company.id]);
    expect((await upload(t, s, `/api/media/insert/utente/${c.user('tech').id}`, PNG)).statusCode).toBe(200);
    await t.deps.storage.removeAll(c.company.id);
    expect(await storedKeys(t, c.company.id)).toEqual([]);
  });

  it('objects whose rows a dead process deleted are removed from the bucket by the sweep (issue 22)', async () => {
    const c = await createCompany(t);
    const s = await c.login('tech');
    const r = await upload(t, s, `/api/media/insert/utente/${c.user('tech').id}`, PNG);
    expect(r.statusCode).toBe(200);
    const [key] = await storedKeys(t, c.company.id);
    // The user's photo deleted as a killed process would leave it: the row gone, the object still in the bucket.
    await t.deps.database.executeSql('update utenti set media_id = null where azienda_id = $1', [c.company.id]);
    await t.deps.database.executeSql('delete from media where azienda_id = $1', [c.company.id]);
    expect(await storedKeys(t, c.company.id)).toEqual([key]);
    expect(await usedBytes(t, c.company.id)).toBe(0);
    expect(await sweepRemovals(t.deps, { graceSec: 0, aziendaId: c.company.id })).toBe(1);
    expect(await storedKeys(t, c.company.id)).toEqual([]);
    const records = await t.deps.database.executeSql('select 1 from storage_removals where azienda_id = $1', [
      c.company.id,
    ]);
    expect(records.rows).toEqual([]);
  });
});
