import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, startTestApp, type TestApp } from './harness.js';
import { createCompany } from './factories.js';
import { reportCompany } from '../features/operations/reports/test-helpers.js';
import { rapportini } from '../platform/db/schema-contracts.js';
import { appErrorOfPg, pgError } from '../platform/db/pg-errors.js';

// The report service checks that a billing customer is the company's own (lines.ts): here that check
// answers yes for any id, as if a service had forgotten it, so the company-scoped key is what refuses.
vi.mock('../features/operations/reports/repo.js', async (original) => ({
  ...(await original<typeof import('../features/operations/reports/repo.js')>()),
  customerExists: vi.fn(async () => true),
}));

/** Tenancy held by the database (migration 0029, decision 0035): a link to another company's row is refused. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('the company-scoped keys', () => {
  it("refuse a link to another company's row that a service let through: 400 naming the field, never a 500", async () => {
    const a = await reportCompany(t);
    const b = await reportCompany(t);
    const ok = await a.post(a.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: a.clienteId,
      cliente_fatturazione_id: a.clienteId,
    });
    expect(ok.status).toBe(200);
    const r = await a.post(a.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: a.clienteId,
      cliente_fatturazione_id: b.clienteId,
    });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('VALIDATION');
    expect(r.json.fields).toEqual([{ path: 'cliente_fatturazione_id', message: 'Elemento non trovato' }]);
    // Nothing of the refused save was kept (one transaction), and no report of A names B's customer.
    const rows = await t.deps.database.executeSql(
      'select count(*)::int as n from rapportini where azienda_id = $1 and cliente_fatturazione_id = $2',
      [a.c.company.id, b.clienteId],
    );
    expect(rows.rows[0].n).toBe(0);
  });

  it("refuse every kind of link at the database: a report's plant, creator and technician of another company", async () => {
    const a = await createCompany(t);
    const b = await reportCompany(t);
    const own = await reportCompany(t);
    const report = await own.post(own.admin, '/rapportini/rapportino/lavorazione', { cliente_id: own.clienteId });
    expect(report.status).toBe(200);
    const id = report.json.item.id as string;
    const tries: [string, Partial<typeof rapportini.$inferInsert>][] = [
      ['impianto_id', { impiantoId: b.impiantoId }],
      ['created_by', { createdBy: a.user('admin').id }],
    ];
    for (const [field, set] of tries) {
      const e = await t.deps.db
        .update(rapportini)
        .set(set)
        .where(eq(rapportini.id, id))
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      expect(pgError(e)?.code, field).toBe('23503');
      const mapped = appErrorOfPg(e);
      expect([mapped?.status, mapped?.code, mapped?.fields?.[0]?.path]).toEqual([400, 'VALIDATION', field]);
    }
    const tech = await t.deps.database
      .executeSql(
        'insert into rapportini_tecnici (azienda_id, rapportino_id, utente_id, data_apertura) values ($1, $2, $3, current_date)',
        [own.c.company.id, id, b.techId],
      )
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(appErrorOfPg(tech)?.fields).toEqual([{ path: 'utente_id', message: 'Elemento non trovato' }]);
  });

  it('still answer 409 when a delete is refused because the row is linked (not a field of the request)', async () => {
    const x = await reportCompany(t);
    const jobs = await call(t.app, 'POST', '/api/mansioni/mansione/create', { ...x.admin, body: { nome: 'Caldaie' } });
    expect(jobs.status).toBe(200);
    await t.deps.database.executeSql(
      'insert into utenti_mansioni (azienda_id, utente_id, mansione_id) values ($1, $2, $3)',
      [x.c.company.id, x.techId, jobs.json.item.id],
    );
    const e = await t.deps.database.executeSql('delete from mansioni where id = $1', [jobs.json.item.id]).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(pgError(e)?.code).toBe('23503');
    expect([appErrorOfPg(e)?.status, appErrorOfPg(e)?.code]).toEqual([409, 'CONFLICT']);
  });
});
