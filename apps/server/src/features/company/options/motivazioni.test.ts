import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Session = { token: string; deviceId: string };
const save = (s: Session, body: unknown) => call(t.app, 'POST', '/api/configuration/motivazione', { ...s, body });
const list = async (s: Session) =>
  (await call(t.app, 'GET', '/api/configuration/motivazioni', s)).json.items as { id: string; testo: string }[];

describe('reasons configuration (motivazioni)', () => {
  it('creates, lists in order, renames and deletes; texts are unique case aside', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    expect(await list(s)).toEqual([]);
    const a = await save(s, { testo: '  Manutenzione ordinaria ' });
    expect(a.status).toBe(200);
    expect(a.json.item.testo).toBe('Manutenzione ordinaria');
    await save(s, { testo: 'Guasto' });
    expect((await list(s)).map((m) => m.testo)).toEqual(['Guasto', 'Manutenzione ordinaria']);

    const dup = await save(s, { testo: 'GUASTO' });
    expect([dup.status, dup.json.code, dup.json.fields[0].path]).toEqual([409, 'CONFLICT', 'testo']);
    expect((await save(s, { testo: '' })).json.code).toBe('VALIDATION');
    expect((await save(s, { testo: 'x'.repeat(201) })).json.code).toBe('VALIDATION');

    const renamed = await save(s, { id: a.json.item.id, testo: 'Manutenzione straordinaria' });
    expect(renamed.json.item).toEqual({ id: a.json.item.id, testo: 'Manutenzione straordinaria' });
    // renaming to its own text in another case is fine
    expect((await save(s, { id: a.json.item.id, testo: 'manutenzione straordinaria' })).status).toBe(200);

    const del = await call(t.app, 'DELETE', `/api/configuration/motivazione/${a.json.item.id}`, s);
    expect(del.json).toEqual({ success: true });
    expect((await list(s)).map((m) => m.testo)).toEqual(['Guasto']);
    expect((await call(t.app, 'DELETE', `/api/configuration/motivazione/${a.json.item.id}`, s)).status).toBe(404);
  });

  it("another company's reasons are neither listed, renamed nor deleted", async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const sa = await a.login('admin');
    const sb = await b.login('admin');
    const mine = (await save(sa, { testo: 'Sopralluogo' })).json.item;
    expect(await list(sb)).toEqual([]);
    const rename = await save(sb, { id: mine.id, testo: 'Rubato' });
    expect([rename.status, rename.json.code]).toEqual([404, 'NOT_FOUND']);
    expect((await call(t.app, 'DELETE', `/api/configuration/motivazione/${mine.id}`, sb)).status).toBe(404);
    // the same text may exist in both companies
    expect((await save(sb, { testo: 'Sopralluogo' })).status).toBe(200);
    expect(await list(sa)).toEqual([mine]);
  });

  it('technicians without personalizza_interventi may not read or change them', async () => {
    const c = await createCompany(t);
    const s = await c.login('tech');
    expect((await call(t.app, 'GET', '/api/configuration/motivazioni', s)).status).toBe(403);
    expect((await save(s, { testo: 'Guasto' })).status).toBe(403);
  });
});
