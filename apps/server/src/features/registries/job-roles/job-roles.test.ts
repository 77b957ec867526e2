import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany, makeActivity, makeContract, makeReport } from '../../../test/factories.js';
import { newCliente } from '../customers/test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type S = { token: string; deviceId: string };
const saveJob = (s: S, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/mansioni/mansione/create', { ...s, body });
const saveCheck = (s: S, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/controlli/controllo', { ...s, body });
const delJob = (s: S, id: string) => call(t.app, 'DELETE', `/api/mansioni/mansione/${id}`, s);
const delCheck = (s: S, id: string) => call(t.app, 'DELETE', `/api/controlli/controllo/${id}`, s);

/** The technician's save as the technician form sends it, with job roles. */
async function giveJobs(s: S, user: { id: string; username: string }, mansioni: string[]) {
  return call(t.app, 'POST', '/api/users/user', {
    ...s,
    body: { id: user.id, username: user.username, scheduleenabled: 'Y', status: 'ACTIVE', role: 'user', mansioni },
  });
}

describe('job roles and checks', () => {
  it('creates, renames, lists with checks in order, refuses a repeated name, deletes with its checks', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    expect((await saveJob(s, { nome: '' })).status).toBe(400);
    const job = await saveJob(s, { nome: 'Manutentore caldaie', descrizione: 'Caldaie a gas' });
    expect(job.status).toBe(200);
    expect(job.json.item).toMatchObject({
      nome: 'Manutentore caldaie',
      descrizione: 'Caldaie a gas',
      controlli: [],
      utenti: [],
    });
    const id = job.json.item.id;

    const dup = await saveJob(s, { nome: 'MANUTENTORE CALDAIE' });
    expect(dup.status).toBe(409);
    expect(dup.json.fields).toEqual([{ path: 'nome', message: 'Nome già usato' }]);
    expect((await saveJob(s, { id, nome: 'Manutentore Caldaie' })).status).toBe(200); // its own name, new case

    const c1 = await saveCheck(s, {
      mansioneId: id,
      nome_campo: 'Pressione impianto',
      tipo_campo: 'number',
      obbligatorio: true,
    });
    const c2 = await saveCheck(s, { mansioneId: id, nome_campo: 'Esito', tipo_campo: 'select', valori: ['OK', 'KO'] });
    const c0 = await saveCheck(s, { mansioneId: id, nome_campo: 'Foto', ordine: 0 });
    expect([c1.status, c2.status, c0.status]).toEqual([200, 200, 200]);
    expect(c1.json.item).toMatchObject({ ordine: 0, tipo_campo: 'number', obbligatorio: true, valori: [] });
    expect(c2.json.item).toMatchObject({ ordine: 1, valori: ['OK', 'KO'] });
    expect(c0.json.item).toMatchObject({ ordine: 0, tipo_campo: 'boolean' });
    const noChoices = await saveCheck(s, { mansioneId: id, nome_campo: 'Scelta', tipo_campo: 'select' });
    expect(noChoices.status).toBe(400);
    expect(noChoices.json.fields[0].path).toBe('valori');
    expect((await saveCheck(s, { mansioneId: id, nome_campo: 'X', tipo_campo: 'colore' })).status).toBe(400);
    expect((await saveCheck(s, { mansioneId: '00000000-0000-4000-8000-000000000000', nome_campo: 'X' })).status).toBe(
      404,
    );
    // Update a check: a select turned into text loses its choices.
    const upd = await saveCheck(s, {
      id: c2.json.item.id,
      mansioneId: id,
      nome_campo: 'Esito finale',
      tipo_campo: 'text',
      valori: ['OK'],
    });
    expect(upd.json.item).toMatchObject({ nome_campo: 'Esito finale', tipo_campo: 'text', valori: [], ordine: 1 });

    const one = await call(t.app, 'GET', `/api/mansioni/mansione/${id}`, s);
    // By position, then by creation: the check put at 0 comes after the one already there.
    expect(one.json.item.controlli.map((x: any) => x.nome_campo)).toEqual([
      'Pressione impianto',
      'Foto',
      'Esito finale',
    ]);
    expect(one.json.item.controlli.map((x: any) => x.ordine)).toEqual([0, 0, 1]);
    await saveJob(s, { nome: 'Elettricista' });
    const list = await call(t.app, 'GET', '/api/mansioni/mansioni', s);
    expect(list.json.items.map((m: any) => m.nome)).toEqual(['Elettricista', 'Manutentore Caldaie']);

    expect((await delCheck(s, c0.json.item.id)).status).toBe(200);
    expect((await delCheck(s, c0.json.item.id)).status).toBe(404);
    expect((await delJob(s, id)).json).toEqual({ success: true });
    expect((await call(t.app, 'GET', `/api/mansioni/mansione/${id}`, s)).status).toBe(404);
    const left = await t.deps.database.executeSql('select count(*)::int as n from controlli where mansione_id = $1', [
      id,
    ]);
    expect(left.rows[0].n).toBe(0);
  });

  it('0032: a job role held by a user cannot be deleted until the user lets it go', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const job = (await saveJob(s, { nome: 'Frigorista' })).json.item;
    const tech = c.user('tech');

    const given = await giveJobs(s, tech, [job.id]);
    expect(given.status).toBe(200);
    expect(given.json.item.mansioni).toEqual([{ id: job.id, nome: 'Frigorista' }]);
    const users = await call(t.app, 'GET', '/api/users/users', s);
    expect(users.json.items.find((u: any) => u.id === tech.id).mansioni).toEqual([{ id: job.id, nome: 'Frigorista' }]);
    expect(
      (await call(t.app, 'GET', `/api/mansioni/mansione/${job.id}`, s)).json.item.utenti.map((u: any) => u.id),
    ).toEqual([tech.id]);

    const refused = await delJob(s, job.id);
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('0032');
    // Saving the user without `mansioni` leaves them; with [] lets them go.
    await call(t.app, 'POST', '/api/users/user', {
      ...s,
      body: { id: tech.id, username: tech.username, scheduleenabled: 'Y' },
    });
    expect((await delJob(s, job.id)).json.code).toBe('0032');
    expect((await giveJobs(s, tech, [])).json.item.mansioni).toEqual([]);
    expect((await delJob(s, job.id)).status).toBe(200);
  });

  it("a new user can be created with job roles; unknown or other companies' job roles are refused", async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const sa = await a.login('admin');
    const sb = await b.login('admin');
    const jobA = (await saveJob(sa, { nome: 'Idraulico' })).json.item;
    const jobB = (await saveJob(sb, { nome: 'Idraulico' })).json.item;
    const created = await call(t.app, 'POST', '/api/users/user', {
      ...sa,
      body: { username: 'nuovo', password: 'Caldaia-Blu-47', scheduleenabled: 'N', mansioni: [jobA.id, jobA.id] },
    });
    expect(created.status).toBe(200);
    expect(created.json.item.mansioni).toEqual([{ id: jobA.id, nome: 'Idraulico' }]);
    const foreign = await giveJobs(sa, a.user('tech'), [jobB.id]);
    expect(foreign.status).toBe(400);
    expect(foreign.json.fields).toEqual([{ path: 'mansioni', message: 'Mansione sconosciuta' }]);
    expect((await call(t.app, 'GET', `/api/users/user/${a.user('tech').id}`, sa)).json.item.mansioni).toEqual([]);
  });

  it('answers the first applicable code in order 0032, 0033, 0034, 0035 (and 0035 for a check) from real links', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const aziendaId = c.company.id;
    const job = (await saveJob(s, { nome: 'Tutto in uso' })).json.item;
    const check = (await saveCheck(s, { mansioneId: job.id, nome_campo: 'Usato' })).json.item;
    const free = (await saveCheck(s, { mansioneId: job.id, nome_campo: 'Libero' })).json.item;
    const cliente = (await call(t.app, 'POST', '/api/clienti/cliente', { ...s, body: newCliente() })).json.item;
    // Held by a user, named by a report and by a contract, its first check in another contract's activity.
    await giveJobs(s, c.user('tech'), [job.id]);
    const report = await makeReport(t, aziendaId, { clienteId: cliente.id, mansioni: [job.id] });
    const contract = await makeContract(t, aziendaId, { clienteId: cliente.id, mansioni: [job.id] });
    const withActivity = await makeContract(t, aziendaId, { clienteId: cliente.id });
    await makeActivity(t, aziendaId, { contrattoId: withActivity.id, controlli: [check.id] });
    const drop = (table: string, id: string) =>
      t.deps.database.executeSql(`delete from ${table} where azienda_id = $1 and id = $2`, [aziendaId, id]);

    const refusals: [number, string][] = [];
    const tryDelete = async () => {
      const r = await delJob(s, job.id);
      refusals.push([r.status, r.json.code]);
      // Refused: the job role and both its checks are still there.
      expect((await call(t.app, 'GET', `/api/mansioni/mansione/${job.id}`, s)).json.item.controlli).toHaveLength(2);
    };
    await tryDelete();
    await giveJobs(s, c.user('tech'), []);
    await tryDelete();
    await drop('rapportini', report.id);
    await tryDelete();
    await drop('contratti', contract.id);
    await tryDelete();
    const byCheck = await delCheck(s, check.id);
    refusals.push([byCheck.status, byCheck.json.code]);
    expect(refusals).toEqual([
      [403, '0032'],
      [403, '0033'],
      [403, '0034'],
      [403, '0035'],
      [403, '0035'],
    ]);
    // A check no activity uses goes; the used one goes once its contract (and activity) is gone, then the job role.
    expect((await delCheck(s, free.id)).status).toBe(200);
    await drop('contratti', withActivity.id);
    expect((await delCheck(s, check.id)).status).toBe(200);
    expect((await delJob(s, job.id)).status).toBe(200);
  });

  it("permissions: a technician reads job roles but cannot change or delete them; other companies' ids answer 404", async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const sa = await a.login('admin');
    const tech = await a.login('tech');
    const sb = await b.login('admin');
    const job = (await saveJob(sa, { nome: 'Segreto di A' })).json.item;
    const check = (await saveCheck(sa, { mansioneId: job.id, nome_campo: 'Controllo di A' })).json.item;

    expect((await call(t.app, 'GET', '/api/mansioni/mansioni', tech)).json.items).toHaveLength(1);
    expect((await saveJob(tech, { nome: 'Nuova' })).status).toBe(403);
    expect((await saveCheck(tech, { mansioneId: job.id, nome_campo: 'X' })).status).toBe(403);
    expect((await delJob(tech, job.id)).status).toBe(403);
    expect((await delCheck(tech, check.id)).status).toBe(403);

    expect((await call(t.app, 'GET', '/api/mansioni/mansioni', sb)).json.items).toEqual([]);
    expect((await call(t.app, 'GET', `/api/mansioni/mansione/${job.id}`, sb)).status).toBe(404);
    expect((await saveJob(sb, { id: job.id, nome: 'Rubata' })).status).toBe(404);
    expect((await saveCheck(sb, { mansioneId: job.id, nome_campo: 'Intruso' })).status).toBe(404);
    expect((await saveCheck(sb, { id: check.id, mansioneId: job.id, nome_campo: 'Intruso' })).status).toBe(404);
    expect((await delCheck(sb, check.id)).status).toBe(404);
    expect((await delJob(sb, job.id)).status).toBe(404);
    const one = await call(t.app, 'GET', `/api/mansioni/mansione/${job.id}`, sa);
    expect(one.json.item).toMatchObject({ nome: 'Segreto di A', controlli: [{ nome_campo: 'Controllo di A' }] });
  });
});
