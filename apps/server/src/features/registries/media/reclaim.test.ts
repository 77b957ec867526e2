import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { sweepRemovals } from '../../../platform/storage-removals.js';
import { day, reportCompany } from '../../operations/reports/test-helpers.js';
import { recalculate } from './quota.js';
import { countRows, PNG, storedKeys, upload, usedBytes } from './test-helpers.js';

/*
 * Issue 22, point 8: files and their rows stay consistent when uploads race a deletion, and stored files
 * whose rows are gone are reclaimed (a process killed between the deletion's commit and the removal of
 * the files). The same on S3: storage-s3.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

async function withReports(n: number) {
  const x = await reportCompany(t);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      richiesta_iniziale: `Guasto ${i}`,
      tecnici_ids: [x.techId],
      giornate: [day(x.techId, '2026-11-20')],
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    ids.push(r.json.item.id as string);
  }
  const deleteReports = (ids: string[]) => x.post(x.admin, '/rapportini/rapportini/delete-bulk', { ids });
  const attach = (id: string) => upload(t, x.admin, `/api/media/insert/rapportino/${id}`, PNG, 'foto.png');
  return { ...x, ids, aziendaId: x.c.company.id as string, deleteReports, attach };
}

const removalRecords = async (aziendaId: string) =>
  (
    await t.deps.database.executeSql('select storage_key from storage_removals where azienda_id = $1', [aziendaId])
  ).rows.map((r: { storage_key: string }) => r.storage_key);

/** Media rows whose report no longer exists. */
const ownerless = async (aziendaId: string) =>
  (
    await t.deps.database.executeSql(
      `select count(*)::int as n from media m where m.azienda_id = $1 and m.section = 'rapportino'
          and not exists (select 1 from rapportini r where r.id::text = m.owner_id)`,
      [aziendaId],
    )
  ).rows[0].n as number;

describe('an upload racing the deletion of its report', () => {
  it('fails cleanly when the report is deleted while the file streams: 404, no row, no file, nothing counted', async () => {
    const x = await withReports(1);
    const storage = t.deps.storage;
    const put = storage.put.bind(storage);
    // The bulk deletion commits after the upload's checks, while its bytes are being stored.
    storage.put = async (aziendaId, body) => {
      const stored = await put(aziendaId, body);
      expect((await x.deleteReports(x.ids)).json).toMatchObject({ success: true });
      return stored;
    };
    let r;
    try {
      r = await x.attach(x.ids[0]!);
    } finally {
      storage.put = put;
    }
    expect([r.statusCode, r.json().code]).toEqual([404, 'NOT_FOUND']);
    expect(await countRows(t, x.aziendaId)).toBe(0);
    expect(await storedKeys(t, x.aziendaId)).toEqual([]);
    expect(await usedBytes(t, x.aziendaId)).toBe(0);
  });

  it('uploads and deletions at once leave no file of a deleted report and a usage equal to the files', async () => {
    const x = await withReports(4);
    const uploads = x.ids.flatMap((id) => [x.attach(id), x.attach(id), x.attach(id)]);
    const deletions = [x.deleteReports(x.ids.slice(0, 2)), x.deleteReports(x.ids.slice(2))];
    const [up, del] = await Promise.all([Promise.all(uploads), Promise.all(deletions)]);
    expect(del.map((d) => d.status)).toEqual([200, 200]);
    for (const u of up) expect([200, 404], u.body).toContain(u.statusCode);
    expect(await ownerless(x.aziendaId)).toBe(0);
    expect(await countRows(t, x.aziendaId)).toBe(0);
    expect(await usedBytes(t, x.aziendaId)).toBe(0);
    // Every object of an accepted upload is gone with its report.
    expect(await storedKeys(t, x.aziendaId)).toEqual([]);
  });
});

describe('reclaiming', () => {
  it('the files of a bulk deletion whose process died before removing them: the sweep removes them', async () => {
    const x = await withReports(2);
    for (const id of x.ids) expect((await x.attach(id)).statusCode).toBe(200);
    expect(await storedKeys(t, x.aziendaId)).toHaveLength(2);
    // The process "dies" right after the commit: not one object is removed.
    const storage = t.deps.storage;
    const remove = storage.remove.bind(storage);
    storage.remove = () => Promise.reject(new Error('killed'));
    try {
      expect((await x.deleteReports(x.ids)).status).toBe(200);
    } finally {
      storage.remove = remove;
    }
    // The rows and their bytes went in the deletion's transaction; the files stayed, but they are on record.
    expect(await countRows(t, x.aziendaId)).toBe(0);
    expect(await usedBytes(t, x.aziendaId)).toBe(0);
    const left = await storedKeys(t, x.aziendaId);
    expect(left).toHaveLength(2);
    expect((await removalRecords(x.aziendaId)).sort()).toEqual([...left].sort());

    // Within the grace a request may still be removing its own files: the sweep leaves them.
    expect(await sweepRemovals(t.deps, { aziendaId: x.aziendaId })).toBe(0);
    expect(await storedKeys(t, x.aziendaId)).toHaveLength(2);
    expect(await sweepRemovals(t.deps, { graceSec: 0, aziendaId: x.aziendaId })).toBe(2);
    expect(await storedKeys(t, x.aziendaId)).toEqual([]);
    expect(await removalRecords(x.aziendaId)).toEqual([]);
    // Idempotent: nothing left to do.
    expect(await sweepRemovals(t.deps, { graceSec: 0, aziendaId: x.aziendaId })).toBe(0);
    expect(await storedKeys(t, x.aziendaId)).toEqual([]);
  });

  it('a deletion that removes its files clears their records at once', async () => {
    const x = await withReports(1);
    expect((await x.attach(x.ids[0]!)).statusCode).toBe(200);
    expect((await x.deleteReports(x.ids)).status).toBe(200);
    expect(await storedKeys(t, x.aziendaId)).toEqual([]);
    expect(await removalRecords(x.aziendaId)).toEqual([]);
  });

  it('never removes a file that a row still names', async () => {
    const x = await withReports(1);
    const up = await x.attach(x.ids[0]!);
    const key = (await t.deps.database.executeSql('select storage_key from media where id = $1', [up.json().item.id]))
      .rows[0].storage_key as string;
    await t.deps.database.executeSql(
      `insert into storage_removals (storage_key, azienda_id, created_at) values ($1, $2, now() - interval '1 hour')`,
      [key, x.aziendaId],
    );
    expect(await sweepRemovals(t.deps, { graceSec: 0, aziendaId: x.aziendaId })).toBe(0);
    expect(await storedKeys(t, x.aziendaId)).toEqual([key]);
    expect(await removalRecords(x.aziendaId)).toEqual([]);
  });

  it('rows of a report deleted before owners were locked: the recalculation deletes them, frees their bytes and removes their files', async () => {
    const x = await withReports(1);
    expect((await x.attach(x.ids[0]!)).statusCode).toBe(200);
    // A row as the race left it before: its report gone, its bytes counted, its file stored.
    const stored = await t.deps.storage.put(x.aziendaId, Readable.from([PNG]));
    await t.deps.database.executeSql(
      `insert into media (azienda_id, section, owner_id, filename, content_type, size, storage_key)
       values ($1, 'rapportino', $2, 'foto.png', 'image/png', $3, $4)`,
      [x.aziendaId, randomUUID(), stored.size, stored.key],
    );
    expect(await usedBytes(t, x.aziendaId)).toBe(2 * PNG.length);
    expect(await ownerless(x.aziendaId)).toBe(1);

    const r = await recalculate(t.deps, x.aziendaId);
    expect(r).toEqual({ usedBytes: PNG.length, missingObjects: 0, orphansRemoved: 0, ownerlessRemoved: 1 });
    expect(await ownerless(x.aziendaId)).toBe(0);
    expect(await countRows(t, x.aziendaId)).toBe(1);
    expect(await usedBytes(t, x.aziendaId)).toBe(PNG.length);
    expect(await storedKeys(t, x.aziendaId)).not.toContain(stored.key);
    expect(await storedKeys(t, x.aziendaId)).toHaveLength(1);
    expect(await removalRecords(x.aziendaId)).toEqual([]);
  });
});
