import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_MAX, FREQUENCY_MESSAGES as M, todayIn } from '@fs/contract';
import { call, onPostgres, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { saveActivities } from './index.js';
import { activityCompany } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const today = todayIn('Europe/Rome');

describe('POST /contratti/attivita/frequency', () => {
  it('answers the dates, or 400 with the spec message as a field error', async () => {
    const x = await activityCompany(t);
    const ok = await x.post(x.admin, '/contratti/attivita/frequency', {
      data_inizio: '2026-01-01',
      data_fine: '2026-12-31',
      frequenza: { tipo: 'fissa', ogni: 1, unita: 'mesi', data_inizio: '2026-01-31' },
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.date.slice(0, 2)).toEqual(['2026-01-31', '2026-02-28']);
    const yearly = await x.post(x.admin, '/contratti/attivita/frequency', {
      data_inizio: '2026-01-01',
      data_fine: '2026-12-31',
      mesi_rinnovo: 6,
      frequenza: { tipo: 'fissa', ogni: 1, unita: 'anni' },
    });
    expect([yearly.status, yearly.json.code, yearly.json.message]).toEqual([400, 'VALIDATION', M.annualeBreve]);
    expect(yearly.json.fields).toEqual([{ path: 'frequenza.unita', message: M.annualeBreve }]);
    const out = await x.post(x.admin, '/contratti/attivita/frequency', {
      data_inizio: '2026-01-01',
      data_fine: '2026-12-31',
      frequenza: { tipo: 'variabile', date: ['2026-05-01', '2027-05-01'] },
    });
    expect(out.json.fields).toEqual([{ path: 'frequenza.date.1', message: M.fuoriPeriodo }]);
  });
});

describe('activities of a contract', () => {
  it('adds, lists (with occurrences and states), updates and keeps done dates', async () => {
    const x = await activityCompany(t);
    const c = await x.contract({ dataInizio: '2026-01-01', dataFine: '2027-12-31' });
    const add = await x.post(x.admin, '/contratti/contratto/lista-attivita', {
      contrattoId: c.id,
      attivita: [
        x.activity({ regole: { ritardo_massimo_giorni: 5 }, note: 'Portare le chiavi' }),
        x.activity({
          nome: 'Verifica annuale',
          controlli: [],
          frequenza: { tipo: 'data_singola', data: '2027-06-15' },
        }),
      ],
    });
    expect(add.status, JSON.stringify(add.json)).toBe(200);
    const [monthly, single] = add.json.items;
    expect(monthly).toMatchObject({
      nome: 'Manutenzione caldaia',
      mansione: { id: x.mansioneId },
      impianto: { id: x.impiantoId, nome: 'Centrale termica' },
      macchinari: [{ id: x.macchinaId, nome: 'Caldaia' }],
      frequenza: { tipo: 'fissa', ogni: 1, unita: 'mesi', data_inizio: '2026-01-01' },
      regole: { ritardo_massimo_giorni: 5 },
      durata_minuti: 60,
      note: 'Portare le chiavi',
    });
    expect(monthly.controlli.map((k: { nome_campo: string }) => k.nome_campo).sort()).toEqual([
      'Pressione impianto',
      'Verifica fumi',
    ]);
    expect(single.contratto_date).toHaveLength(1);
    const all = await x.get(x.admin, `/contratti/contratto/attivita/${c.id}?allAttivita=true`);
    expect(all.status).toBe(200);
    const dates = all.json.items[0].contratto_date;
    expect(dates).toHaveLength(24);
    // Past undone dates are overdue; future ones to do.
    for (const d of dates) expect(d.stato).toBe(d.data < today ? 'scaduta' : 'da_fare');
    // Default view: undone ones and those from today on (all of them here, none done yet).
    expect((await x.get(x.admin, `/contratti/contratto/attivita/${c.id}`)).json.items[0].contratto_date).toHaveLength(
      24,
    );

    // Change the frequency to every 2 months: future undone dates that no longer match go.
    const upd = await x.post(x.admin, '/contratti/contratto/lista-attivita', {
      contrattoId: c.id,
      attivita: [x.activity({ id: monthly.id, frequenza: { tipo: 'fissa', ogni: 2, unita: 'mesi' } })],
    });
    expect(upd.status, JSON.stringify(upd.json)).toBe(200);
    const after = (await x.get(x.admin, `/contratti/contratto/attivita/${c.id}?allAttivita=true`)).json.items[0]
      .contratto_date as { data: string }[];
    const future = after.filter((d) => d.data >= today).map((d) => d.data);
    for (const d of future) expect(Number(d.slice(5, 7)) % 2).toBe(1);
    expect(after.filter((d) => d.data < today)).toHaveLength(
      dates.filter((d: { data: string }) => d.data < today).length,
    );
  });

  it("refuses checks of another job role, another company's links, unknown activities, ceased contracts", async () => {
    const x = await activityCompany(t);
    const c = await x.contract();
    const other = await x.post(x.admin, '/mansioni/mansione/create', { nome: 'Elettricista' });
    const post = (attivita: unknown[], contrattoId = c.id) =>
      x.post(x.admin, '/contratti/contratto/lista-attivita', { contrattoId, attivita });
    const wrongRole = await post([x.activity({ mansione_id: other.json.item.id })]);
    expect([wrongRole.status, wrongRole.json.fields[0].path]).toEqual([400, 'attivita.0.controlli.0']);
    const b = await activityCompany(t);
    const foreign = await post([x.activity({ macchinari: [b.macchinaId], impianto_id: b.impiantoId })]);
    expect(foreign.status).toBe(400);
    expect(foreign.json.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      'attivita.0.impianto_id',
      'attivita.0.macchinari.0',
    ]);
    const yearly = await post([x.activity({ frequenza: { tipo: 'fissa', ogni: 1, unita: 'anni' } })]);
    expect(yearly.status).toBe(200);
    const short = await x.contract({ dataFine: '2026-06-30' });
    const refused = await post([x.activity({ frequenza: { tipo: 'fissa', ogni: 1, unita: 'anni' } })], short.id);
    expect([refused.status, refused.json.fields[0]]).toEqual([
      400,
      { path: 'attivita.0.frequenza.unita', message: M.annualeBreve },
    ]);
    const renewing = await x.contract({ rinnovoAutomatico: true, mesiRinnovo: 6 });
    expect(
      (await post([x.activity({ frequenza: { tipo: 'fissa', ogni: 1, unita: 'anni' } })], renewing.id)).json.message,
    ).toBe(M.annualeBreve);
    const many = await post(
      [x.activity({ frequenza: { tipo: 'fissa', ogni: 1, unita: 'giorni' } })],
      (await x.contract({ dataFine: '2029-12-31' })).id,
    );
    expect(many.json.message).toBe(M.troppeDate);
    expect(ACTIVITY_MAX.occorrenze).toBe(1000);
    const unknown = await post([x.activity({ id: '00000000-0000-4000-8000-000000000000' })]);
    expect(unknown.status).toBe(404);
    const ceased = await x.contract({ cessato: true });
    expect((await post([x.activity()], ceased.id)).status).toBe(409);
  });

  it('answers rules with the contract default; deletes activities unless a report was made from one', async () => {
    const x = await activityCompany(t);
    const c = await x.contract({ regole: { ritardo_massimo_giorni: 10 } });
    const add = await x.post(x.admin, '/contratti/contratto/lista-attivita', {
      contrattoId: c.id,
      attivita: [
        x.activity(),
        x.activity({ nome: 'Seconda', regole: { ritardo_massimo_giorni: 3, anticipo_massimo_giorni: 2 } }),
        x.activity({ nome: 'Terza' }),
      ],
    });
    const [a1, a2, a3] = add.json.items;
    expect((await x.get(x.admin, `/contratti/attivita/regole/${a1.id}`)).json.regole).toEqual({
      ritardo_massimo_giorni: 10,
      anticipo_massimo_giorni: null,
    });
    expect((await x.get(x.admin, `/contratti/attivita/regole/${a2.id}`)).json.regole).toEqual({
      ritardo_massimo_giorni: 3,
      anticipo_massimo_giorni: 2,
    });
    const report = await x.post(x.admin, '/attivita/attivita', { id: a1.contratto_date.at(-1).id });
    expect(report.status, JSON.stringify(report.json)).toBe(200);
    const del = (id: string) => call(t.app, 'DELETE', `/api/contratti/contratto/${c.id}/attivita/${id}`, x.admin);
    const refused = await del(a1.id);
    expect([refused.status, refused.json.code]).toEqual([409, 'CONFLICT']);
    expect(refused.json.message).toMatch(/rapportino/);
    const bulkRefused = await x.post(x.admin, `/contratti/contratto/${c.id}/attivita/delete-bulk`, {
      ids: [a1.id, a3.id],
    });
    expect(bulkRefused.status).toBe(409);
    expect((await del(a2.id)).status).toBe(200);
    expect((await x.post(x.admin, `/contratti/contratto/${c.id}/attivita/delete-bulk`, { ids: [a3.id] })).status).toBe(
      200,
    );
    const left = await x.get(x.admin, `/contratti/contratto/attivita/${c.id}`);
    expect(left.json.items.map((a: { id: string }) => a.id)).toEqual([a1.id]);
    expect((await del(a2.id)).status).toBe(404);
  });

  it("saveActivities generates a contract's activities in one batch, fast", async () => {
    const x = await activityCompany(t);
    const row = (dataFine: string) =>
      x.contract({ dataFine }).then((c) => ({
        id: c.id,
        clienteId: x.clienteId,
        dataInizio: '2026-01-01',
        dataFine,
        rinnovoAutomatico: false,
        mesiRinnovo: null,
      }));
    const input = (i: number, unita: 'settimane' | 'mesi') => ({
      nome: `Attività ${i}`,
      controlli: [x.checks[0]!],
      mansione_id: x.mansioneId,
      macchinari: [x.macchinaId],
      durata_minuti: 60,
      note: null,
      frequenza: { tipo: 'fissa' as const, ogni: 1, unita },
    });
    const save = async (c: Awaited<ReturnType<typeof row>>, inputs: ReturnType<typeof input>[]) => {
      const start = performance.now();
      const ids = await t.deps.db.transaction((tx) =>
        saveActivities(tx, x.aziendaId, c, inputs, { today: todayIn('Europe/Rome') }),
      );
      return { ids, ms: performance.now() - start };
    };
    await save(await row('2026-12-31'), [input(0, 'mesi')]); // warm-up
    // A typical contract: 10 activities over a year, weekly and monthly (about 320 dates).
    const contracts = [await row('2026-12-31'), await row('2026-12-31'), await row('2026-12-31')];
    const times: number[] = [];
    for (const c of contracts) {
      const r = await save(
        c,
        Array.from({ length: 10 }, (_, k) => input(k, k % 2 ? 'mesi' : 'settimane')),
      );
      expect(r.ids).toHaveLength(10);
      times.push(r.ms);
    }
    const all = await x.get(x.admin, `/contratti/contratto/attivita/${contracts[0]!.id}?allAttivita=true`);
    expect(all.json.items.map((a: { contratto_date: unknown[] }) => a.contratto_date.length).slice(0, 2)).toEqual([
      53, 12,
    ]);
    const median = times.sort((p, q) => p - q)[1]!;
    // Target 50 ms on PostgreSQL (about 45 ms measured alone on a loaded 2-CPU machine); the bound leaves room
    // for parallel test files. PGlite (WebAssembly) is slower.
    expect(median).toBeLessThan(onPostgres ? 150 : 600);
    // A heavy one: 20 weekly activities over 3 years (about 3,100 dates) still in one batch.
    const heavy = await save(
      await row('2028-12-31'),
      Array.from({ length: 20 }, (_, k) => input(k, 'settimane')),
    );
    expect(heavy.ids).toHaveLength(20);
    console.info(`saveActivities: typical ${median.toFixed(1)} ms, heavy ${heavy.ms.toFixed(1)} ms`);
  });
});

describe('another company', () => {
  it("gets 404 or nothing on every activity call, and A's rows stay", async () => {
    const x = await activityCompany(t);
    const c = await x.contract();
    const add = await x.post(x.admin, '/contratti/contratto/lista-attivita', {
      contrattoId: c.id,
      attivita: [x.activity()],
    });
    const a = add.json.items[0];
    const occ = a.contratto_date[0];
    const b = await createCompany(t);
    const sb = await b.login('admin');
    const B = (method: string, url: string, body?: unknown) => call(t.app, method, `/api${url}`, { ...sb, body });
    expect((await B('GET', `/contratti/contratto/attivita/${c.id}`)).status).toBe(404);
    expect((await B('GET', `/contratti/attivita/regole/${a.id}`)).status).toBe(404);
    expect(
      (
        await B('POST', '/contratti/contratto/lista-attivita', {
          contrattoId: c.id,
          attivita: [x.activity({ id: a.id })],
        })
      ).status,
    ).toBe(404);
    expect((await B('DELETE', `/contratti/contratto/${c.id}/attivita/${a.id}`)).status).toBe(404);
    expect((await B('POST', `/contratti/contratto/${c.id}/attivita/delete-bulk`, { ids: [a.id] })).status).toBe(404);
    expect((await B('POST', '/attivita/attivita', { id: occ.id })).status).toBe(404);
    expect(
      (await B('POST', '/attivita/attivita/update', { id: occ.id, data: '2026-12-01', conferma: true })).status,
    ).toBe(404);
    const range = await B('GET', '/attivita/attivita/start/20260101/end/20261231');
    expect([range.status, range.json.items, range.json.scadute]).toEqual([200, [], []]);
    const still = await x.get(x.admin, `/contratti/contratto/attivita/${c.id}?allAttivita=true`);
    expect(still.json.items[0].contratto_date).toEqual(
      (await x.get(x.admin, `/contratti/contratto/attivita/${c.id}?allAttivita=true`)).json.items[0].contratto_date,
    );
    expect(
      still.json.items[0].contratto_date.every(
        (d: { rapportino_id: null; data_pianificata: null }) => !d.rapportino_id && !d.data_pianificata,
      ),
    ).toBe(true);
  });

  it('a check used in an activity is not deleted (403 0035)', async () => {
    const x = await activityCompany(t);
    const c = await x.contract();
    const add = await x.post(x.admin, '/contratti/contratto/lista-attivita', {
      contrattoId: c.id,
      attivita: [x.activity()],
    });
    expect(add.status).toBe(200);
    const del = await call(t.app, 'DELETE', `/api/controlli/controllo/${x.checks[0]}`, x.admin);
    expect([del.status, del.json.code]).toEqual([403, '0035']);
  });
});
