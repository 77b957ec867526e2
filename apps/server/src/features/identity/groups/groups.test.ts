import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany, PASSWORD } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type S = { token: string; deviceId: string };
const saveGroup = (s: S, body: Record<string, unknown>) => call(t.app, 'POST', '/api/gruppi/gruppo', { ...s, body });
const P = (o: Partial<Record<string, boolean>> = {}) => ({
  userRead: false,
  userWrite: false,
  userDelete: false,
  companyRead: false,
  companyWrite: false,
  companyDelete: false,
  ...o,
});

describe('permission groups', () => {
  it("a group's permissions replace the defaults: routes, menu, session and lastUpdate follow", async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const s = await c.login('tech');
    const techId = c.user('tech').id;
    const before = await call(t.app, 'GET', '/api/session/permissions', s);
    expect((await call(t.app, 'GET', '/api/aziende/azienda', s)).status).toBe(403);
    expect(
      (await call(t.app, 'GET', '/api/navigazione/pagine-attive', s)).json.pagine.map((p: any) => p.to),
    ).not.toContain('/company');

    const created = await saveGroup(admin, {
      name: 'Ufficio',
      membri: [techId],
      permissions: {
        gestione_azienda: P({ userRead: true, companyRead: true }),
        gestione_tecnici: P({ companyRead: true }),
      },
    });
    expect(created.status).toBe(200);
    expect(created.json.gruppo).toMatchObject({ name: 'Ufficio', membri: [{ id: techId, username: 'tech' }] });
    expect(created.json.gruppo.permissions.gestione_interventi).toEqual(P());

    expect((await call(t.app, 'GET', '/api/aziende/azienda', s)).status).toBe(200);
    const menu = (await call(t.app, 'GET', '/api/navigazione/pagine-attive', s)).json.pagine.map((p: any) => p.to);
    expect(menu).toEqual(expect.arrayContaining(['/company', '/technicians']));
    expect(menu).not.toContain('/permission-groups');
    const after = await call(t.app, 'GET', '/api/session/permissions', s);
    expect(after.json.item.lastUpdate > before.json.item.lastUpdate).toBe(true);
    expect(after.json.item.permissions.gestione_interventi.userWrite).toBe(false);
    const me = await call(t.app, 'GET', '/api/session/session', s);
    expect(me.json.item.gruppo).toEqual({ id: created.json.gruppo.id, name: 'Ufficio' });
    // gestione_tecnici read loads the full list; read is not write
    const list = await call(t.app, 'GET', '/api/users/users', s);
    expect(list.json.items[0].email).toMatch(/@/);
    expect(
      (await call(t.app, 'POST', '/api/users/user', { ...s, body: { username: 'n', password: PASSWORD } })).status,
    ).toBe(403);
    // groups stay administrators' business even with gestione_tecnici
    expect((await call(t.app, 'GET', '/api/gruppi/gruppi', s)).status).toBe(403);

    // a group without planning, interventions or technicians: the user list does not load
    const g = created.json.gruppo;
    await saveGroup(admin, {
      id: g.id,
      name: 'Ufficio',
      membri: [techId],
      permissions: { gestione_azienda: P({ userRead: true }) },
    });
    expect((await call(t.app, 'GET', '/api/users/users', s)).status).toBe(403);

    // deleting the group gives the defaults back
    expect((await call(t.app, 'DELETE', `/api/gruppi/gruppo/${g.id}`, admin)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/aziende/azienda', s)).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/session/session', s)).json.item.gruppo).toBeNull();
    expect((await call(t.app, 'GET', `/api/gruppi/gruppo/${g.id}`, admin)).status).toBe(404);
  });

  it('names are unique in the company; admins cannot join; a user is in one group at most', async () => {
    const c = await createCompany(t);
    const other = await createCompany(t);
    const admin = await c.login('admin');
    const techId = c.user('tech').id;
    const a = await saveGroup(admin, { name: 'Squadra A', membri: [techId] });
    expect(a.status).toBe(200);
    const dup = await saveGroup(admin, { name: 'squadra a' });
    expect([dup.status, dup.json.code, dup.json.fields[0].path]).toEqual([409, 'CONFLICT', 'name']);
    expect((await saveGroup(await other.login('admin'), { name: 'Squadra A' })).status).toBe(200);
    const withAdmin = await saveGroup(admin, { name: 'Capi', membri: [c.user('admin').id] });
    expect([withAdmin.status, withAdmin.json.fields[0].path]).toEqual([409, 'membri']);
    const twice = await saveGroup(admin, { name: 'Squadra B', membri: [techId] });
    expect([twice.status, twice.json.fields[0].path]).toEqual([409, 'membri']);
    const foreign = await saveGroup(admin, { name: 'Squadra C', membri: [other.user('tech').id] });
    expect(foreign.status).toBe(409);
    // renaming keeps the members; the list shows them
    const renamed = await saveGroup(admin, { id: a.json.gruppo.id, name: 'Squadra Alfa', membri: [techId] });
    expect(renamed.json.gruppo.name).toBe('Squadra Alfa');
    const list = await call(t.app, 'GET', '/api/gruppi/gruppi', admin);
    expect(list.json.gruppi.map((g: any) => [g.name, g.membri.length])).toEqual([['Squadra Alfa', 1]]);
    const bad = await saveGroup(admin, { name: 'X', permissions: { chiave_ignota: P() } });
    expect(bad.status).toBe(400);
  });

  it('promoting a member to admin takes them out of the group', async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    const techId = c.user('tech').id;
    const g = (await saveGroup(admin, { name: 'G', membri: [techId] })).json.gruppo;
    const u = (await call(t.app, 'GET', `/api/users/user/${techId}`, admin)).json.item;
    expect(u.gruppo).toEqual({ id: g.id, name: 'G' });
    const promoted = await call(t.app, 'POST', '/api/users/user', { ...admin, body: { ...u, role: 'admin' } });
    expect(promoted.json.item).toMatchObject({ role: 'admin', gruppo: null });
    expect((await call(t.app, 'GET', `/api/gruppi/gruppo/${g.id}`, admin)).json.gruppo.membri).toEqual([]);
  });
});
