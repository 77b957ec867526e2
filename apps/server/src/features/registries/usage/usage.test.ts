import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany, makeActivity, makeContract, makeReport } from '../../../test/factories.js';
import { newCliente } from '../customers/test-helpers.js';
import { inUseRefusal } from '../job-roles/in-use.js';
import * as usage from './repo.js';
import { foreignKeyViolation as refusingForeignKey } from '../../../platform/db/pg-errors.js';

/**
 * The links of contracts, contract activities and work reports (migration 0011) as the
 * database keeps them: RESTRICT behind the services' 403, one company per link, cascades
 * from the contract, report and company. The 403 answers of each delete are tested in
 * plants.test.ts and jobs.test.ts; the customers' answer is here.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const sql = (q: string, p: unknown[] = []) => t.deps.database.executeSql(q, p);
const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

/** A company with a customer, a plant, a machine and a job role with a check, made through the API. */
async function world() {
  const c = await createCompany(t);
  const s = await c.login('admin');
  const post = async (url: string, body: Record<string, unknown>) => {
    const r = await call(t.app, 'POST', url, { ...s, body });
    expect(r.status, url).toBe(200);
    return r.json.item as { id: string };
  };
  const cliente = await post('/api/clienti/cliente', newCliente());
  const plant = await post('/api/impianti/impianto/create', { clienteId: cliente.id, nome: 'Centrale termica' });
  const machine = await post('/api/macchinari/macchinario/create', {
    impiantiId: plant.id,
    nome: 'Caldaia',
    matricola: `M-${tag()}`,
  });
  const job = await post('/api/mansioni/mansione/create', { nome: 'Manutentore' });
  const check = await post('/api/controlli/controllo', { mansioneId: job.id, nome_campo: 'Pressione' });
  return { c, s, aziendaId: c.company.id, cliente, plant, machine, job, check, post };
}

async function refusal(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected the database to refuse');
}

const exists = async (table: string, id: string) =>
  (await sql(`select 1 from ${table} where id = $1`, [id])).rows.length === 1;

describe('usage links (contracts, activities, reports)', () => {
  it('the database itself refuses to delete a plant, machine, customer, job role or check in use (RESTRICT)', async () => {
    const w = await world();
    const contract = await makeContract(t, w.aziendaId, {
      clienteId: w.cliente.id,
      impianti: [w.plant.id],
      macchinari: [w.machine.id],
      mansioni: [w.job.id],
    });
    await makeActivity(t, w.aziendaId, {
      contrattoId: contract.id,
      macchinari: [w.machine.id],
      controlli: [w.check.id],
    });
    await makeReport(t, w.aziendaId, { clienteId: w.cliente.id, mansioni: [w.job.id] });

    const cases: [string, string, string[]][] = [
      [
        'impianti',
        w.plant.id,
        ['contratti_impianti_impianto_fk', 'contratti_macchinari_macchinario_fk', 'attivita_macchinari_macchinario_fk'],
      ],
      ['macchinari', w.machine.id, ['contratti_macchinari_macchinario_fk', 'attivita_macchinari_macchinario_fk']],
      ['clienti', w.cliente.id, ['contratti_cliente_fk', 'rapportini_cliente_fk']],
      [
        'mansioni',
        w.job.id,
        ['rapportini_mansioni_mansione_fk', 'contratti_mansioni_mansione_fk', 'attivita_controlli_controllo_fk'],
      ],
      ['controlli', w.check.id, ['attivita_controlli_controllo_fk']],
    ];
    for (const [table, id, keys] of cases) {
      const e = await refusal(sql(`delete from ${table} where azienda_id = $1 and id = $2`, [w.aziendaId, id]));
      expect(keys, `${table}: ${String(e)}`).toContain(refusingForeignKey(e));
      expect(await exists(table, id), table).toBe(true);
    }
    // The services read the same refusal from the driver's error (the second line behind their checks).
    const byCheck = await refusal(sql('delete from controlli where id = $1', [w.check.id]));
    expect(inUseRefusal(byCheck)).toMatchObject({ code: '0035', status: 403 });
    const byJob = await refusal(sql('delete from mansioni where id = $1', [w.job.id]));
    expect(['0033', '0034', '0035']).toContain(inUseRefusal(byJob)?.code);
    expect(inUseRefusal(new Error('other'))).toBeUndefined();
  });

  it("the usage queries find each kind of link, only in the company asked (the services' checks before the keys)", async () => {
    const w = await world();
    const b = await world();
    const db = t.deps.db;
    const spare = await w.post('/api/macchinari/macchinario/create', {
      impiantiId: w.plant.id,
      nome: 'Pompa',
      matricola: `P-${tag()}`,
    });
    const state = async (aziendaId = w.aziendaId) => ({
      plant: await usage.plantsInContract(db, aziendaId, [w.plant.id]),
      machine: await usage.machinesInContract(db, aziendaId, [w.machine.id]),
      spare: await usage.machinesInContract(db, aziendaId, [spare.id]),
      customer: await usage.customersInUse(db, aziendaId, [w.cliente.id]),
      report: await usage.mansioneInReport(db, aziendaId, w.job.id),
      contract: await usage.mansioneInContract(db, aziendaId, w.job.id),
      jobChecks: await usage.mansioneChecksInActivity(db, aziendaId, w.job.id),
      check: await usage.controlloInActivity(db, aziendaId, w.check.id),
    });
    const none = {
      plant: false,
      machine: false,
      spare: false,
      customer: false,
      report: false,
      contract: false,
      jobChecks: false,
      check: false,
    };
    expect(await state()).toEqual(none);
    expect(await usage.plantsInContract(db, w.aziendaId, [])).toBe(false);
    expect(await usage.machinesInContract(db, w.aziendaId, [])).toBe(false);

    const drop = (table: string, id: string) => sql(`delete from ${table} where id = $1`, [id]);
    // Each link on its own, then gone again.
    const other = await w.post('/api/clienti/cliente', newCliente());
    const steps: [Partial<typeof none>, () => Promise<{ id: string }>, string][] = [
      [
        { plant: true, customer: true },
        () => makeContract(t, w.aziendaId, { clienteId: other.id, impianti: [w.plant.id] }),
        'contratti',
      ],
      [
        { plant: true, machine: true, customer: true },
        () => makeContract(t, w.aziendaId, { clienteId: other.id, macchinari: [w.machine.id] }),
        'contratti',
      ],
      [{ customer: true }, () => makeContract(t, w.aziendaId, { clienteId: w.cliente.id }), 'contratti'],
      [
        { customer: true, report: true },
        () => makeReport(t, w.aziendaId, { clienteId: w.cliente.id, mansioni: [w.job.id] }),
        'rapportini',
      ],
      [
        { contract: true },
        () => makeContract(t, w.aziendaId, { clienteId: other.id, mansioni: [w.job.id] }),
        'contratti',
      ],
    ];
    for (const [expected, make, table] of steps) {
      const row = await make();
      expect(await state(), JSON.stringify(expected)).toEqual({ ...none, ...expected });
      expect(await state(b.aziendaId), 'another company asked').toEqual(none);
      await drop(table, row.id);
    }
    const holder = await makeContract(t, w.aziendaId, { clienteId: other.id });
    await makeActivity(t, w.aziendaId, { contrattoId: holder.id, macchinari: [spare.id] });
    expect(await state()).toEqual({ ...none, plant: true, spare: true, customer: true });
    await makeActivity(t, w.aziendaId, { contrattoId: holder.id, controlli: [w.check.id] });
    expect(await state()).toEqual({ ...none, plant: true, spare: true, customer: true, jobChecks: true, check: true });
    expect(await state(b.aziendaId)).toEqual(none);
    await drop('contratti', holder.id);
    expect(await state()).toEqual(none);
  });

  it("links join rows of one company only, and another company's contract never blocks a delete", async () => {
    const a = await world();
    const b = await world();
    const attempts: [string, () => Promise<unknown>][] = [
      ['customer of A', () => makeContract(t, b.aziendaId, { clienteId: a.cliente.id })],
      ["A row naming B's customer", () => makeContract(t, a.aziendaId, { clienteId: b.cliente.id })],
      ['plant of A', () => makeContract(t, b.aziendaId, { clienteId: b.cliente.id, impianti: [a.plant.id] })],
      ['machine of A', () => makeContract(t, b.aziendaId, { clienteId: b.cliente.id, macchinari: [a.machine.id] })],
      ['job role of A', () => makeContract(t, b.aziendaId, { clienteId: b.cliente.id, mansioni: [a.job.id] })],
      ["report for A's customer", () => makeReport(t, b.aziendaId, { clienteId: a.cliente.id })],
      [
        "report naming A's job role",
        () => makeReport(t, b.aziendaId, { clienteId: b.cliente.id, mansioni: [a.job.id] }),
      ],
    ];
    for (const [what, attempt] of attempts) expect(refusingForeignKey(await refusal(attempt())), what).toBeDefined();
    // Activities: B's own contract cannot reach A's machine or check, nor can A's activity hang from B's contract.
    const ofB = await makeContract(t, b.aziendaId, {
      clienteId: b.cliente.id,
      impianti: [b.plant.id],
      macchinari: [b.machine.id],
      mansioni: [b.job.id],
    });
    for (const attempt of [
      () => makeActivity(t, b.aziendaId, { contrattoId: ofB.id, macchinari: [a.machine.id] }),
      () => makeActivity(t, b.aziendaId, { contrattoId: ofB.id, controlli: [a.check.id] }),
      () => makeActivity(t, a.aziendaId, { contrattoId: ofB.id }),
    ])
      expect(refusingForeignKey(await refusal(attempt()))).toBeDefined();
    await makeActivity(t, b.aziendaId, { contrattoId: ofB.id, macchinari: [b.machine.id], controlli: [b.check.id] });
    await makeReport(t, b.aziendaId, { clienteId: b.cliente.id, mansioni: [b.job.id] });
    // Nothing half-written: A has no contract, activity or report rows; B has its one of each.
    const counts = async (aziendaId: string) =>
      (
        await sql(
          `select (select count(*)::int from contratti where azienda_id = $1) as c, (select count(*)::int from contratti_attivita where azienda_id = $1) as a,
              (select count(*)::int from rapportini where azienda_id = $1) as r`,
          [aziendaId],
        )
      ).rows[0];
    expect(await counts(a.aziendaId)).toEqual({ c: 0, a: 0, r: 0 });
    expect(await counts(b.aziendaId)).toEqual({ c: 1, a: 1, r: 1 });

    // B's rows block B's deletes, never A's.
    expect((await call(t.app, 'DELETE', `/api/macchinari/macchinario/${b.machine.id}`, b.s)).json.code).toBe('0027');
    expect((await call(t.app, 'DELETE', `/api/controlli/controllo/${b.check.id}`, b.s)).json.code).toBe('0035');
    for (const [method, url, body] of [
      ['DELETE', `/api/controlli/controllo/${a.check.id}`],
      ['DELETE', `/api/mansioni/mansione/${a.job.id}`],
      ['DELETE', `/api/macchinari/macchinario/${a.machine.id}`],
      ['DELETE', `/api/impianti/impianto/${a.plant.id}`],
      ['POST', '/api/clienti/cliente/remove', { ids: [a.cliente.id] }],
    ] as const) {
      expect((await call(t.app, method, url, { ...a.s, body })).status, url).toBe(200);
    }
  });

  it('customers: one with a contract, a report, or a plant or machine in a contract is not deleted (403 CUSTOMER_IN_USE), all or none', async () => {
    const w = await world();
    const other = await w.post('/api/clienti/cliente', newCliente());
    const free = await w.post('/api/clienti/cliente', newCliente());
    const remove = (ids: string[]) => call(t.app, 'POST', '/api/clienti/cliente/remove', { ...w.s, body: { ids } });
    const drop = (table: string, id: string) =>
      sql(`delete from ${table} where azienda_id = $1 and id = $2`, [w.aziendaId, id]);
    const expectRefused = async () => {
      const r = await remove([free.id, w.cliente.id]);
      expect(r.status).toBe(403);
      expect(r.json).toMatchObject({ success: false, code: 'CUSTOMER_IN_USE' });
      expect(await exists('clienti', free.id)).toBe(true);
      expect(await exists('clienti', w.cliente.id)).toBe(true);
      expect(await exists('macchinari', w.machine.id)).toBe(true);
    };

    const own = await makeContract(t, w.aziendaId, { clienteId: w.cliente.id });
    await expectRefused();
    await drop('contratti', own.id);
    const report = await makeReport(t, w.aziendaId, { clienteId: w.cliente.id });
    await expectRefused();
    await drop('rapportini', report.id);
    // Another customer's contract on this customer's plant, then on its machine through an activity.
    const onPlant = await makeContract(t, w.aziendaId, { clienteId: other.id, impianti: [w.plant.id] });
    await expectRefused();
    await drop('contratti', onPlant.id);
    const onMachine = await makeContract(t, w.aziendaId, { clienteId: other.id });
    await makeActivity(t, w.aziendaId, { contrattoId: onMachine.id, macchinari: [w.machine.id] });
    await expectRefused();
    // The contract's own customer is held by it.
    expect((await remove([other.id])).json.code).toBe('CUSTOMER_IN_USE');

    await drop('contratti', onMachine.id);
    const r = await remove([free.id, w.cliente.id, other.id]);
    expect(r.status).toBe(200);
    expect(await exists('macchinari', w.machine.id)).toBe(false);
  });

  it('a contract takes its links and activities with it; the company takes everything', async () => {
    const w = await world();
    const contract = await makeContract(t, w.aziendaId, {
      clienteId: w.cliente.id,
      impianti: [w.plant.id],
      macchinari: [w.machine.id],
      mansioni: [w.job.id],
    });
    const activity = await makeActivity(t, w.aziendaId, {
      contrattoId: contract.id,
      macchinari: [w.machine.id],
      controlli: [w.check.id],
    });
    const report = await makeReport(t, w.aziendaId, { clienteId: w.cliente.id, mansioni: [w.job.id] });
    const linkTables = [
      'contratti_impianti',
      'contratti_macchinari',
      'contratti_mansioni',
      'contratti_attivita',
      'attivita_macchinari',
      'attivita_controlli',
    ];
    const rowsOf = async (tables: string[]) => {
      const out: Record<string, number> = {};
      for (const table of tables)
        out[table] = (
          await sql(`select count(*)::int as n from ${table} where azienda_id = $1`, [w.aziendaId])
        ).rows[0].n;
      return out;
    };
    expect(Object.values(await rowsOf(linkTables))).toEqual([1, 1, 1, 1, 1, 1]);
    await sql('delete from contratti where id = $1', [contract.id]);
    expect(Object.values(await rowsOf(linkTables))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await exists('contratti_attivita', activity.id)).toBe(false);
    for (const [table, id] of [
      ['impianti', w.plant.id],
      ['macchinari', w.machine.id],
      ['mansioni', w.job.id],
      ['controlli', w.check.id],
      ['rapportini', report.id],
    ] as const) {
      expect(await exists(table, id), table).toBe(true);
    }
    // The report's job roles go with the report.
    await sql('delete from rapportini where id = $1', [report.id]);
    expect((await rowsOf(['rapportini_mansioni'])).rapportini_mansioni).toBe(0);

    // Deleting the company (what the company-deletion job does) passes over every RESTRICT link:
    // each link also hangs from the company directly and goes in the first round of cascades.
    const again = await makeContract(t, w.aziendaId, {
      clienteId: w.cliente.id,
      impianti: [w.plant.id],
      macchinari: [w.machine.id],
      mansioni: [w.job.id],
    });
    await makeActivity(t, w.aziendaId, { contrattoId: again.id, macchinari: [w.machine.id], controlli: [w.check.id] });
    await makeReport(t, w.aziendaId, { clienteId: w.cliente.id, mansioni: [w.job.id] });
    await sql('delete from aziende where id = $1', [w.aziendaId]);
    const all = [
      'contratti',
      ...linkTables,
      'rapportini',
      'rapportini_mansioni',
      'clienti',
      'impianti',
      'macchinari',
      'mansioni',
      'controlli',
    ];
    expect(Object.values(await rowsOf(all)).every((n) => n === 0)).toBe(true);
  });

  it("CHECKs: contract type, activity frequency and report state take only the spec's values", async () => {
    const w = await world();
    const bad = [
      [
        `insert into contratti (azienda_id, cliente_id, identificativo, tipo) values ($1, $2, 'X1', 'altro')`,
        [w.aziendaId, w.cliente.id],
      ],
      [
        `insert into rapportini (azienda_id, cliente_id, stato) values ($1, $2, 'INVIATO')`,
        [w.aziendaId, w.cliente.id],
      ],
    ] as const;
    const codeOf = (e: unknown) =>
      (e as { code?: string; cause?: { code?: string } }).code ?? (e as { cause?: { code?: string } }).cause?.code;
    for (const [q, p] of bad) expect(codeOf(await refusal(sql(q, [...p]))), q).toBe('23514');
    const contract = await makeContract(t, w.aziendaId, { clienteId: w.cliente.id, tipo: 'chiamata' });
    const e = await refusal(
      sql(
        `insert into contratti_attivita (azienda_id, contratto_id, descrizione, frequenza) values ($1, $2, 'X', 'mensile')`,
        [w.aziendaId, contract.id],
      ),
    );
    expect(codeOf(e)).toBe('23514');
    for (const f of ['fissa', 'variabile', 'data_singola'] as const)
      await makeActivity(t, w.aziendaId, { contrattoId: contract.id, frequenza: f });
  });
});
