import { utimes, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@fs/contract';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { recalculate, recalculateAll, STORAGE_RECALC_CRON, STORAGE_RECALC_QUEUE } from './quota.js';
import { countRows, PNG, storedKeys, upload, usedBytes } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const setUsed = (aziendaId: string, bytes: number) =>
  t.deps.database.executeSql(
    `insert into storage_usage (azienda_id, used_bytes) values ($1, $2)
     on conflict (azienda_id) do update set used_bytes = excluded.used_bytes`,
    [aziendaId, bytes],
  );

describe('storage quota', () => {
  it('counts bytes in the same transaction as the rows and answers used and free space by section', async () => {
    const c = await createCompany(t);
    const s = await c.login('tech');
    const admin = await c.login('admin');
    const first = await upload(t, s, `/api/media/insert/utente/${c.user('tech').id}`, PNG);
    expect(first.statusCode).toBe(200);
    expect(await usedBytes(t, c.company.id)).toBe(PNG.length);
    // a replaced photo frees its bytes, a deleted one too
    const second = await upload(
      t,
      s,
      `/api/media/insert/utente/${c.user('tech').id}`,
      Buffer.concat([PNG, Buffer.alloc(100)]),
    );
    expect(await usedBytes(t, c.company.id)).toBe(PNG.length + 100);
    const r = await call(t.app, 'GET', '/api/media/storage', admin);
    expect(r.status).toBe(200);
    expect(r.json.item).toMatchObject({
      used_bytes: PNG.length + 100,
      limit_bytes: LIMITS.storageIncludedBytes,
      free_bytes: LIMITS.storageIncludedBytes - PNG.length - 100,
      included_bytes: 4 * 1024 ** 3,
      slot_bytes: 5 * 1024 ** 3,
      slots: 0,
      recalculated_at: null,
    });
    expect(r.json.item.sections).toContainEqual({ section: 'utente', files: 1, bytes: PNG.length + 100 });
    expect(r.json.item.sections).toContainEqual({ section: 'macchinario', files: 0, bytes: 0 });
    await call(t.app, 'DELETE', `/api/media/delete/${second.json().item.id}`, s);
    expect(await usedBytes(t, c.company.id)).toBe(0);
    // a technician without gestione_abbonamento read does not see it
    expect((await call(t.app, 'GET', '/api/media/storage', s)).status).toBe(403);
  });

  it('a purchased storage slot adds 5 GB', async () => {
    const c = await createCompany(t);
    await t.deps.database.executeSql(
      `insert into subscription_items (azienda_id, type, quantity) values ($1, 'storage', 2)`,
      [c.company.id],
    );
    const r = await call(t.app, 'GET', '/api/media/storage', await c.login('admin'));
    expect(r.json.item.limit_bytes).toBe(4 * 1024 ** 3 + 2 * 5 * 1024 ** 3);
    expect(r.json.item.slots).toBe(2);
  });

  it('refuses an upload past the quota while streaming, leaving no file, no row and the counter as it was', async () => {
    const c = await createCompany(t);
    const s = await c.login('tech');
    const almostFull = LIMITS.storageIncludedBytes - 50; // 50 bytes free: the 70-byte PNG does not fit
    await setUsed(c.company.id, almostFull);
    const r = await upload(t, s, `/api/media/insert/utente/${c.user('tech').id}`, PNG);
    expect([r.statusCode, r.json().code]).toEqual([413, 'STORAGE_QUOTA_EXCEEDED']);
    expect(r.json().message).toMatch(/Spazio di archiviazione esaurito/);
    expect(await countRows(t, c.company.id)).toBe(0);
    expect(await storedKeys(t, c.company.id)).toEqual([]);
    expect(await usedBytes(t, c.company.id)).toBe(almostFull);
    // with room for it, the same file goes in
    await setUsed(c.company.id, LIMITS.storageIncludedBytes - PNG.length);
    expect((await upload(t, s, `/api/media/insert/utente/${c.user('tech').id}`, PNG)).statusCode).toBe(200);
    expect(await usedBytes(t, c.company.id)).toBe(LIMITS.storageIncludedBytes);
  });

  it('two uploads racing for the last bytes: only one gets in (checked again at commit under the usage lock)', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const tech = await c.login('tech');
    const start = LIMITS.storageIncludedBytes - Math.floor(PNG.length * 1.5);
    await setUsed(c.company.id, start);
    const [r1, r2] = await Promise.all([
      upload(t, admin, `/api/media/insert/utente/${c.user('admin').id}`, PNG),
      upload(t, tech, `/api/media/insert/utente/${c.user('tech').id}`, PNG),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 413]);
    expect([r1, r2].find((r) => r.statusCode === 413)!.json().code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(await countRows(t, c.company.id)).toBe(1);
    expect(await storedKeys(t, c.company.id)).toHaveLength(1);
    expect(await usedBytes(t, c.company.id)).toBe(start + PNG.length);
  });

  it('refuses before streaming when the space is full or the declared length cannot fit', async () => {
    const c = await createCompany(t);
    const s = await c.login('tech');
    await setUsed(c.company.id, LIMITS.storageIncludedBytes);
    const full = await upload(t, s, `/api/media/insert/utente/${c.user('tech').id}`, PNG);
    expect([full.statusCode, full.json().code]).toEqual([413, 'STORAGE_QUOTA_EXCEEDED']);
    await setUsed(c.company.id, LIMITS.storageIncludedBytes - 1000);
    const big = await upload(
      t,
      s,
      `/api/media/insert/utente/${c.user('tech').id}`,
      Buffer.concat([PNG, Buffer.alloc(40_000)]),
    );
    expect([big.statusCode, big.json().code]).toEqual([413, 'STORAGE_QUOTA_EXCEEDED']);
    expect(await countRows(t, c.company.id)).toBe(0);
    expect(await storedKeys(t, c.company.id)).toEqual([]);
  });
});

describe('daily recalculation', () => {
  it('is scheduled once a day on the job queue', async () => {
    const schedules = await t.deps.jobs.schedules();
    expect(schedules).toContainEqual({ name: STORAGE_RECALC_QUEUE, cron: STORAGE_RECALC_CRON, tz: 'Europe/Rome' });
  });

  it('fixes a wrong counter from the rows and the stored objects, and removes old leftovers', async () => {
    const c = await createCompany(t);
    const s = await c.login('tech');
    const up = await upload(t, s, `/api/media/insert/utente/${c.user('tech').id}`, PNG);
    expect(up.statusCode).toBe(200);
    await setUsed(c.company.id, 123_456_789);
    // a leftover of an interrupted upload two days ago, and one from a minute ago (maybe in progress)
    const dir = path.join(t.dataDir, 'files', c.company.id);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'old-leftover'), Buffer.alloc(5000));
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await utimes(path.join(dir, 'old-leftover'), twoDaysAgo, twoDaysAgo);
    await writeFile(path.join(dir, 'recent-leftover'), Buffer.alloc(10));
    const r = await recalculate(t.deps, c.company.id);
    expect(r).toEqual({ usedBytes: PNG.length, missingObjects: 0, orphansRemoved: 1, ownerlessRemoved: 0 });
    expect(await usedBytes(t, c.company.id)).toBe(PNG.length);
    expect((await storedKeys(t, c.company.id)).sort()).toEqual(
      [
        `${c.company.id}/recent-leftover`,
        (await t.deps.database.executeSql('select storage_key from media where id = $1', [up.json().item.id])).rows[0]
          .storage_key,
      ].sort(),
    );
    const info = await call(t.app, 'GET', '/api/media/storage', await c.login('admin'));
    expect(info.json.item.recalculated_at).not.toBeNull();
  });

  it('a row whose object is lost counts nothing; the job runs over every company', async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const sa = await a.login('tech');
    const sb = await b.login('tech');
    const ua = await upload(t, sa, `/api/media/insert/utente/${a.user('tech').id}`, PNG);
    await upload(t, sb, `/api/media/insert/utente/${b.user('tech').id}`, PNG);
    const key = (await t.deps.database.executeSql('select storage_key from media where id = $1', [ua.json().item.id]))
      .rows[0].storage_key;
    await t.deps.storage.remove(key);
    await setUsed(a.company.id, 999);
    await setUsed(b.company.id, 0);
    await recalculateAll(t.deps);
    expect(await usedBytes(t, a.company.id)).toBe(0);
    expect(await usedBytes(t, b.company.id)).toBe(PNG.length);
  });
});
