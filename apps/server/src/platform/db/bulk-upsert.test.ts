import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { createCompany } from '../../test/factories.js';
import type { Tx } from './client.js';
import { assertRoom } from '../limits.js';
import { bulkTarget, type ValidRow } from './bulk-upsert.js';

/**
 * The bulk upsert engine on a scratch table made inside the transaction
 * (dropped at commit), so the rules are checked apart from any one table.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const target = (limit: number | null) =>
  bulkTarget({
    table: 'imp_scratch',
    columns: {
      codice: { column: 'codice', type: 'text' },
      nome: { column: 'nome', type: 'text' },
      piva: { column: 'piva', type: 'text' },
      cf: { column: 'cf', type: 'text' },
      km: { column: 'km', type: 'numeric' },
      addr: { column: 'addr', type: 'text' },
    },
    keys: ['codice', 'piva', 'cf'],
    allowed: async () => limit,
    counted: async (tx, aziendaId) => {
      const r = await tx.execute(sql`select count(*)::int as n from imp_scratch where azienda_id = ${aziendaId}`);
      return (r.rows[0] as { n: number }).n;
    },
    assertRoom: (used, allowed, adding) => assertRoom('customers', used, allowed, adding),
    lock: async () => {},
    dependents: [{ when: ['addr'], clear: ['lat'] }],
  });

const row = (riga: number, value: Record<string, string | null>): ValidRow => ({
  riga,
  cells: Object.values(value).map((v) => v ?? ''),
  value,
});

async function inScratch<T>(fn: (tx: Tx, aziendaId: string) => Promise<T>) {
  const c = await createCompany(t);
  let out: T | undefined;
  await t.deps.db.transaction(async (tx) => {
    await tx.execute(sql`create temp table imp_scratch (id uuid primary key default gen_random_uuid(), azienda_id uuid not null,
      codice text, nome text, piva text, cf text, km numeric(12,2), addr text, lat float8) on commit drop`);
    out = await fn(tx, c.company.id);
  });
  return out!;
}

const all = async (tx: Tx, aziendaId: string) =>
  (
    await tx.execute(
      sql`select codice, nome, piva, cf, km::text as km from imp_scratch where azienda_id = ${aziendaId} order by nome`,
    )
  ).rows;

describe('bulk upsert', () => {
  it('creates, then overwrites by any key, merging repeated rows of one batch; empty cells keep stored values', async () => {
    await inScratch(async (tx, az) => {
      const first = await target(null).upsert(tx, az, [
        row(2, { codice: 'C1', nome: 'Alfa', piva: '12345670017', cf: null, km: '10' }),
        row(3, { codice: 'C2', nome: 'Beta', piva: null, cf: 'RSSMRA80A01H501U', km: null }),
        row(4, { codice: 'C1', nome: 'Alfa bis', piva: null, cf: null, km: null }),
      ]);
      expect(first).toEqual({ created: 2, updated: 1, rejected: [] });
      const second = await target(null).upsert(tx, az, [
        row(2, { codice: null, nome: 'Alfa ter', piva: '12345670017', cf: null, km: '12.5' }),
        row(3, { codice: 'C9', nome: 'Beta due', piva: null, cf: 'RSSMRA80A01H501U', km: null }),
        row(4, { codice: 'C3', nome: 'Gamma', piva: null, cf: null, km: null }),
      ]);
      expect(second).toEqual({ created: 1, updated: 2, rejected: [] });
      expect(await all(tx, az)).toEqual(
        [
          { codice: 'C1', nome: 'Alfa ter', piva: '12345670017', cf: null, km: '12.50' },
          { codice: 'C9', nome: 'Beta due', piva: null, cf: 'RSSMRA80A01H501U', km: null },
          { codice: 'C3', nome: 'Gamma', piva: null, cf: null, km: null },
        ].sort((a, b) => a.nome.localeCompare(b.nome)),
      );
    });
  });

  it('rejects a row whose keys point at two different records, and new records past the limit (0006)', async () => {
    await inScratch(async (tx, az) => {
      await target(null).upsert(tx, az, [
        row(2, { codice: 'A', nome: 'Uno', piva: null, cf: null, km: null }),
        row(3, { codice: 'B', nome: 'Due', piva: '12345670017', cf: null, km: null }),
      ]);
      const r = await target(3).upsert(tx, az, [
        row(5, { codice: 'A', nome: 'Conflitto', piva: '12345670017', cf: null, km: null }),
        row(6, { codice: 'N1', nome: 'Nuovo 1', piva: null, cf: null, km: null }),
        row(7, { codice: 'N2', nome: 'Nuovo 2', piva: null, cf: null, km: null }),
        row(8, { codice: 'N2', nome: 'Nuovo 2 bis', piva: null, cf: null, km: null }),
        row(9, { codice: 'B', nome: 'Due aggiornato', piva: null, cf: null, km: null }),
      ]);
      expect(r.created).toBe(1);
      expect(r.updated).toBe(1);
      expect(r.rejected.map((x) => [x.row.riga, x.errors[0]!.code])).toEqual([
        [5, 'ambiguous'],
        [7, '0006'],
        [8, '0006'],
      ]);
      expect((await all(tx, az)).map((x: any) => x.nome)).toEqual(['Due aggiornato', 'Nuovo 1', 'Uno']);
    });
  });

  it('saves nothing while the company holds more records than it may (0013), as the manual save', async () => {
    await inScratch(async (tx, az) => {
      await target(null).upsert(tx, az, [
        row(2, { codice: 'A', nome: 'Uno', piva: null, cf: null, km: null }),
        row(3, { codice: 'B', nome: 'Due', piva: null, cf: null, km: null }),
      ]);
      const r = await target(1).upsert(tx, az, [
        row(5, { codice: 'A', nome: 'Uno aggiornato', piva: null, cf: null, km: null }),
        row(6, { codice: 'N', nome: 'Nuovo', piva: null, cf: null, km: null }),
      ]);
      expect(r.created + r.updated).toBe(0);
      expect(r.rejected.map((x) => [x.row.riga, x.errors[0]!.code])).toEqual([
        [5, '0013'],
        [6, '0013'],
      ]);
      expect(r.rejected[0]!.errors[0]!.message).toMatch(/massimo di anagrafiche: 2 clienti su 1/);
      expect((await all(tx, az)).map((x: any) => x.nome)).toEqual(['Due', 'Uno']);
    });
  });

  it('clears dependent columns when a watched column changes (stale coordinates after an address change)', async () => {
    await inScratch(async (tx, az) => {
      await target(null).upsert(tx, az, [
        row(2, { codice: 'A', nome: 'Uno', addr: 'Via Roma 1' }),
        row(3, { codice: 'B', nome: 'Due', addr: 'Via Po 2' }),
        row(4, { codice: 'C', nome: 'Tre', addr: 'Via Dante 3' }),
      ]);
      await tx.execute(sql`update imp_scratch set lat = 45.1 where azienda_id = ${az}`);
      await target(null).upsert(tx, az, [
        row(2, { codice: 'A', nome: 'Uno', addr: 'Via Roma 1' }), // same address
        row(3, { codice: 'B', nome: 'Due', addr: 'Via Garibaldi 9' }), // moved
        row(4, { codice: 'C', nome: 'Tre', addr: null }), // empty cell: address kept
      ]);
      const lat = await tx.execute(sql`select codice, lat from imp_scratch where azienda_id = ${az} order by codice`);
      expect(lat.rows).toEqual([
        { codice: 'A', lat: 45.1 },
        { codice: 'B', lat: null },
        { codice: 'C', lat: 45.1 },
      ]);
      // a file without the address column leaves the coordinates alone
      await target(null).upsert(tx, az, [row(5, { codice: 'A', nome: 'Uno bis' })]);
      const a = await tx.execute(sql`select lat from imp_scratch where azienda_id = ${az} and codice = 'A'`);
      expect(a.rows).toEqual([{ lat: 45.1 }]);
    });
  });
});
