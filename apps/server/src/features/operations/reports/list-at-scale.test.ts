import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { day, reportCompany } from './test-helpers.js';

/**
 * The report list at scale (issue 25, decision 0042): the technician filter bounded on the link's copy of the open
 * date, and the whole lists' totals kept by the database (migration 0032) instead of counted.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('the report list filtered by technician, state and dates', () => {
  it('answers exactly the rows and the total, the link following a report whose open date moves', async () => {
    const x = await reportCompany(t);
    const save = async (data: string, tecnici: string[], id?: string) => {
      const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
        ...(id ? { id } : {}),
        cliente_id: x.clienteId,
        data_apertura: data,
        tecnici_ids: tecnici,
        giornate: [day(tecnici[0]!, data)],
      });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      return r.json.item.id as string;
    };
    const a = await save('2026-10-05', [x.techId]); // closed, the technician's, in the range
    const b = await save('2026-10-20', [x.adminId, x.techId]); // closed, two technicians, in the range
    const c = await save('2026-10-25', [x.techId]); // open
    const d = await save('2026-09-20', [x.techId]); // closed, before the range
    const e = await save('2026-10-10', [x.adminId]); // closed, another technician
    const f = await save('2026-09-01', [x.techId]); // moved into the range
    const g = await save('2026-10-12', [x.techId]); // moved out of the range
    await save('2026-10-30', [x.techId], f);
    await save('2026-11-15', [x.techId], g);
    for (const id of [a, b, d, e, f, g]) {
      const r = await x.post(x.admin, '/rapportini/rapportino/chiusura', { id });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
    }
    const range = 'stato=CHIUSO&dal=2026-10-01&al=2026-10-31';
    const list = await x.get(x.admin, `/rapportini/rapportini/admin?${range}&tecnico_id=${x.techId}`);
    expect(list.json.items.map((i: any) => i.id)).toEqual([f, b, a]);
    expect(list.json.totaleElementi).toBe(3);
    // Paged: the second of one row each, the same total.
    const second = await x.get(x.admin, `/rapportini/rapportini/admin?${range}&tecnico_id=${x.techId}&size=1&page=2`);
    expect(second.json.items.map((i: any) => i.id)).toEqual([b]);
    expect(second.json.totaleElementi).toBe(3);
    // Only one bound, either side.
    const from = await x.get(
      x.admin,
      `/rapportini/rapportini/admin?stato=CHIUSO&dal=2026-10-06&tecnico_id=${x.techId}`,
    );
    expect(from.json.items.map((i: any) => i.id)).toEqual([g, f, b]);
    const to = await x.get(x.admin, `/rapportini/rapportini/admin?stato=CHIUSO&al=2026-10-06&tecnico_id=${x.techId}`);
    expect(to.json.items.map((i: any) => i.id)).toEqual([a, d]);
    // The technician, who sees only their own reports, gets the same without naming themselves.
    const own = await x.get(x.tech, `/rapportini/rapportini/admin?${range}`);
    expect(own.json.items.map((i: any) => i.id)).toEqual([f, b, a]);
    expect(own.json.totaleElementi).toBe(3);
    // Open ones of the technician in the range, and the other technician's closed ones.
    const open = await x.get(
      x.admin,
      `/rapportini/rapportini/admin?stato=aperti&dal=2026-10-01&tecnico_id=${x.techId}`,
    );
    expect(open.json.items.map((i: any) => i.id)).toEqual([c]);
    const other = await x.get(x.admin, `/rapportini/rapportini/admin?${range}&tecnico_id=${x.adminId}`);
    expect(other.json.items.map((i: any) => i.id)).toEqual([b, e]);
  });
});

describe('the whole lists’ totals (migration 0032)', () => {
  const counted = async (aziendaId: string, table: 'clienti' | 'rapportini') =>
    Number(
      (
        (await t.deps.database.executeSql(`select count(*) as n from ${table} where azienda_id = $1`, [aziendaId]))
          .rows[0] as { n: string | number }
      ).n,
    );
  const kept = async (aziendaId: string, table: 'clienti' | 'rapportini') =>
    Number(
      (
        (
          await t.deps.database.executeSql(
            'select coalesce((select righe from conteggi_righe where azienda_id = $1 and tabella = $2), 0) as n',
            [aziendaId, table],
          )
        ).rows[0] as { n: string | number }
      ).n,
    );

  it('follow creations and deletions, one row or many per statement, per company', async () => {
    const x = await reportCompany(t);
    const y = await reportCompany(t);
    const az = x.c.company.id as string;
    const customers = async () => (await x.get(x.admin, '/clienti/clienti-filtered?page=1&size=2')).json;
    const reports = async () => (await x.get(x.admin, '/rapportini/rapportini/admin?size=2')).json;
    expect((await customers()).totaleElementi).toBe(1);
    expect((await reports()).totaleElementi).toBe(0);

    for (const n of ['Bar Roma', 'Forno Verdi']) {
      expect((await x.post(x.admin, '/clienti/cliente', { ragione_sociale: n })).status).toBe(200);
    }
    // Many rows in one statement, then some of them deleted in one statement.
    await t.deps.database.executeSql(
      `insert into clienti (azienda_id, ragione_sociale) select $1, 'Cliente ' || g from generate_series(1, 5) g`,
      [az],
    );
    await t.deps.database.executeSql(
      `delete from clienti where azienda_id = $1 and ragione_sociale in ('Cliente 1', 'Cliente 2')`,
      [az],
    );
    const all = await customers();
    expect(all.totaleElementi).toBe(6);
    expect(all.totaleElementi).toBe(await counted(az, 'clienti'));
    expect(all.items).toHaveLength(2);

    const ids: string[] = [];
    for (const data of ['2026-10-01', '2026-10-02', '2026-10-03']) {
      const r = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
        cliente_id: x.clienteId,
        data_apertura: data,
      });
      ids.push(r.json.item.id);
    }
    expect((await x.post(x.admin, '/rapportini/rapportini/delete-bulk', { ids: [ids[1]] })).status).toBe(200);
    const r = await reports();
    expect(r.totaleElementi).toBe(2);
    expect(r.totaleElementi).toBe(await counted(az, 'rapportini'));
    expect(r.items.map((i: any) => i.id)).toEqual([ids[2], ids[0]]);

    // The neighbour's totals are its own.
    expect((await y.get(y.admin, '/clienti/clienti-filtered?page=1&size=2')).json.totaleElementi).toBe(1);
    expect((await y.get(y.admin, '/rapportini/rapportini/admin')).json.totaleElementi).toBe(0);
    // What a rolled-back statement wrote is not counted.
    await expect(
      t.deps.database.executeSql(
        `insert into clienti (azienda_id, ragione_sociale) values ($1, 'Annullato'), ($1, null)`,
        [az],
      ),
    ).rejects.toThrow();
    expect(await kept(az, 'clienti')).toBe(await counted(az, 'clienti'));
    expect(await kept(az, 'rapportini')).toBe(2);
  });
});
