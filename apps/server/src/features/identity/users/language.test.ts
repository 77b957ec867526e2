import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany, PASSWORD, randomPartitaIva } from '../../../test/factories.js';
import { provisionCompany } from '../../company/company/provision.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type S = { token: string; deviceId: string };
const save = (s: S, body: Record<string, unknown>) => call(t.app, 'POST', '/api/users/user', { ...s, body });
const sql = (text: string, values: unknown[] = []) => t.deps.database.executeSql(text, values);

describe("a new user's language and time zone", () => {
  it("a user created by the office starts in the company's default language and time zone", async () => {
    const c = await createCompany(t);
    const admin = await c.login('admin');
    await sql("update aziende set lingua_default = 'DE', timezone = 'Europe/Berlin' where id = $1", [c.company.id]);
    const r = await save(admin, { username: 'neu', password: 'Zugspitze-Alpen-2962', scheduleenabled: 'N' });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.item).toMatchObject({ lingua: 'DE', timezone: 'Europe/Berlin' });
    // Chosen ones win.
    const chosen = await save(admin, {
      username: 'scelto',
      password: 'Zugspitze-Alpen-2962',
      lingua: 'FR',
      timezone: 'Europe/Paris',
    });
    expect(chosen.json.item).toMatchObject({ lingua: 'FR', timezone: 'Europe/Paris' });
    // Saved again without them, a user keeps theirs (neither Italian nor Rome by default).
    const again = await save(admin, { id: chosen.json.item.id, username: 'scelto', name: 'Chloé' });
    expect(again.json.item).toMatchObject({ name: 'Chloé', lingua: 'FR', timezone: 'Europe/Paris' });
    const self = await c.login('tech');
    const own = await save(self, { id: c.user('tech').id, username: 'tech', lingua: 'ES' });
    expect(own.json.item).toMatchObject({ lingua: 'ES', timezone: 'Europe/Rome' });
  });

  it("a company's first users start in its default language unless told", async () => {
    const { users } = await provisionCompany(t.deps.db, {
      ragioneSociale: 'Englische Firma S.r.l.',
      partitaIva: randomPartitaIva(),
      details: { linguaDefault: 'EN', timezone: 'Europe/London' },
      users: [
        { username: 'admin', password: PASSWORD, role: 'admin' },
        { username: 'it', password: PASSWORD, lingua: 'IT' },
      ],
    });
    expect(users.map((u) => [u.username, u.lingua, u.timezone])).toEqual([
      ['admin', 'EN', 'Europe/London'],
      ['it', 'IT', 'Europe/London'],
    ]);
  });
});
