import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { addWorkingHours } from './working-hours.js';
import { DELETE_COMPANY_QUEUE, runDeletion } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const URL_REQUEST = '/api/aziende/azienda/richiesta-eliminazione';
const URL_RESTORE = '/api/aziende/azienda/ripristina';
const sql = (text: string, values: unknown[] = []) => t.deps.database.executeSql(text, values);
const jobsOf = async (aziendaId: string) =>
  (
    await sql(
      `select id, state, start_after from ${t.deps.config.PGBOSS_SCHEMA}.job where name = $1 and data->>'aziendaId' = $2`,
      [DELETE_COMPANY_QUEUE, aziendaId],
    )
  ).rows;

async function until<T>(probe: () => Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('company deletion request', () => {
  it('only an administrator asks, and only with the confirmation', async () => {
    const c = await createCompany(t);
    const tech = await c.login('tech');
    expect((await call(t.app, 'POST', URL_REQUEST, { ...tech, body: { conferma: true } })).status).toBe(403);
    expect((await call(t.app, 'POST', URL_RESTORE, { ...tech, body: {} })).status).toBe(403);
    const admin = await c.login('admin');
    const noConfirm = await call(t.app, 'POST', URL_REQUEST, { ...admin, body: {} });
    expect(noConfirm.status).toBe(400);
    expect((await call(t.app, 'GET', URL_REQUEST, admin)).json.item).toEqual({
      richiesta_at: null,
      eliminazione_at: null,
    });
  });

  it('schedules the deletion 3 working hours later in the company time zone; restore clears it', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const r = await call(t.app, 'POST', URL_REQUEST, { ...admin, body: { conferma: true } });
    expect(r.status).toBe(200);
    const { richiesta_at, eliminazione_at } = r.json.item;
    expect(eliminazione_at).toBe(addWorkingHours(new Date(richiesta_at), 3, 'Europe/Rome').toISOString());
    expect((await call(t.app, 'GET', URL_REQUEST, admin)).json.item).toEqual(r.json.item);
    // A second request answers the pending one, without a second job.
    expect((await call(t.app, 'POST', URL_REQUEST, { ...admin, body: { conferma: true } })).json.item).toEqual(
      r.json.item,
    );
    const jobs = await jobsOf(c.company.id);
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0].start_after).toISOString()).toBe(eliminazione_at);

    const restored = await call(t.app, 'POST', URL_RESTORE, { ...admin, body: {} });
    expect(restored.json.item).toEqual({ richiesta_at: null, eliminazione_at: null });
    expect((await call(t.app, 'POST', URL_RESTORE, { ...admin, body: {} })).json.code).toBe('CONFLICT');
    // The job, if it ran now, leaves a restored company alone.
    expect(await runDeletion(t.deps, { aziendaId: c.company.id })).toBe('skipped');
    expect((await sql('select id from aziende where id = $1', [c.company.id])).rows).toHaveLength(1);
  });

  it("after the deadline restore is refused and the job deletes the rows and the files, not other companies'", async () => {
    const c = await createCompany(t);
    const other = await createCompany(t);
    const admin = await c.login('admin');
    const mine = await t.deps.storage.put(c.company.id, Readable.from(Buffer.from('logo')));
    const theirs = await t.deps.storage.put(other.company.id, Readable.from(Buffer.from('altro')));
    const filesDir = path.join(t.dataDir, 'files');
    expect(existsSync(path.join(filesDir, mine.key))).toBe(true);

    await call(t.app, 'POST', URL_REQUEST, { ...admin, body: { conferma: true } });
    // Not due yet: the job would skip.
    expect(await runDeletion(t.deps, { aziendaId: c.company.id })).toBe('skipped');

    // Time passes: the deadline and the queued job are moved to the past.
    await sql(`update aziende set eliminazione_at = now() - interval '1 minute' where id = $1`, [c.company.id]);
    expect((await call(t.app, 'POST', URL_RESTORE, { ...admin, body: {} })).json).toMatchObject({ code: 'CONFLICT' });
    await sql(
      `update ${t.deps.config.PGBOSS_SCHEMA}.job set start_after = now() where name = $1 and data->>'aziendaId' = $2`,
      [DELETE_COMPANY_QUEUE, c.company.id],
    );

    await until(async () => (await sql('select id from aziende where id = $1', [c.company.id])).rows.length === 0);
    for (const table of ['utenti', 'sessioni', 'subscription_items']) {
      expect((await sql(`select 1 from ${table} where azienda_id = $1`, [c.company.id])).rows, table).toHaveLength(0);
    }
    await until(async () => !existsSync(path.join(filesDir, c.company.id)));
    expect(existsSync(path.join(filesDir, theirs.key))).toBe(true);
    expect((await sql('select id from aziende where id = $1', [other.company.id])).rows).toHaveLength(1);
    const [job] = await jobsOf(c.company.id);
    await until(async () => (await jobsOf(c.company.id))[0]?.state === 'completed');
    expect(job).toBeDefined();
    // The session of the deleted company is gone with it.
    expect((await call(t.app, 'GET', '/api/session/session', admin)).status).toBe(401);
  });

  it("one company's request, status and restore never touch another company", async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const sa = await a.login('admin');
    const sb = await b.login('admin');
    await call(t.app, 'POST', URL_REQUEST, { ...sb, body: { conferma: true } });
    expect((await call(t.app, 'GET', URL_REQUEST, sa)).json.item).toEqual({
      richiesta_at: null,
      eliminazione_at: null,
    });
    expect(
      (await sql('select eliminazione_at from aziende where id = $1', [a.company.id])).rows[0].eliminazione_at,
    ).toBeNull();
    await call(t.app, 'POST', URL_REQUEST, { ...sa, body: { conferma: true } });
    await call(t.app, 'POST', URL_RESTORE, { ...sb, body: {} });
    expect((await call(t.app, 'GET', URL_REQUEST, sa)).json.item.eliminazione_at).not.toBeNull();
    expect((await call(t.app, 'GET', URL_REQUEST, sb)).json.item.eliminazione_at).toBeNull();
  });
});
