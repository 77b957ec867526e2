import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Session = { token: string; deviceId: string };
const step = async (s: Session) =>
  (await call(t.app, 'GET', '/api/session/session', s)).json.item.aziendamap.work_flow_primo_accesso;
const advance = (s: Session, from: number) =>
  call(t.app, 'POST', '/api/workflow-primo-accesso/avanza', { ...s, body: { from } });
const sql = (q: string, p: unknown[]) => t.deps.database.executeSql(q, p);

describe('first-access tour', () => {
  it('a new company in trial starts at step 0; interrompi ends the tour (30)', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    expect(await step(s)).toBe(0);
    const r = await call(t.app, 'POST', '/api/workflow-primo-accesso/interrompi', s);
    expect(r.json).toEqual({ success: true, item: { work_flow_primo_accesso: 30 } });
    expect(await step(s)).toBe(30);
    // once ended it does not move on
    expect((await advance(s, 0)).status).toBe(409);
  });

  it('technicians neither interrupt nor advance it', async () => {
    const c = await createCompany(t);
    const s = await c.login('tech');
    expect((await call(t.app, 'POST', '/api/workflow-primo-accesso/interrompi', s)).status).toBe(403);
    expect((await advance(s, 0)).status).toBe(403);
    expect(await step(await c.login('admin'))).toBe(0);
  });

  it('steps advance 0 → 10 → 20 → 30 once each is done', async () => {
    const c = await createCompany(t, {
      users: [{ username: 'admin', password: 'password123', role: 'admin', email: `a.${Date.now()}@t.local` }],
    });
    const s = await c.login('admin');
    const noData = await advance(s, 0);
    expect([noData.status, noData.json.code, noData.json.fields]).toEqual([
      409,
      'CONFLICT',
      [{ path: 'step', message: 'company' }],
    ]);
    await sql(
      `update aziende set mail_principale = 'a@b.test', indirizzo = 'Via Roma 1', citta = 'Torino' where id = $1`,
      [c.company.id],
    );
    expect((await advance(s, 0)).json.item.work_flow_primo_accesso).toBe(10);
    // a repeated click does not skip a step
    expect((await advance(s, 0)).status).toBe(409);
    const noTech = await advance(s, 10);
    expect([noTech.status, noTech.json.fields]).toEqual([409, [{ path: 'step', message: 'technician' }]]);
    await sql(`insert into utenti (azienda_id, username, password_hash, role) values ($1, 'tec1', 'x', 'user')`, [
      c.company.id,
    ]);
    expect((await advance(s, 10)).json.item.work_flow_primo_accesso).toBe(20);
    expect((await advance(s, 20)).json.item.work_flow_primo_accesso).toBe(30);
    expect(await step(s)).toBe(30);
    expect((await advance(s, 20)).status).toBe(409);
    expect((await advance(s, 5 as number)).status).toBe(400);
  });

  it('outside the free trial the tour does not advance', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    await sql(
      `update aziende set subscription_confirmed = true, mail_principale = 'a@b.test', indirizzo = 'x', citta = 'y' where id = $1`,
      [c.company.id],
    );
    const r = await advance(s, 0);
    expect([r.status, r.json.code]).toEqual([409, 'CONFLICT']);
  });
});
