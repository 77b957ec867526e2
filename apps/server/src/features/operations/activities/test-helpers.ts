import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { contratti } from '../../../platform/db/schema-contracts.js';
import type { TestApp } from '../../../test/harness.js';
import { reportCompany } from '../reports/test-helpers.js';

/** A company with a customer, plant, machine, a job role with two checks, and a contract helper. */
export async function activityCompany(t: TestApp) {
  const x = await reportCompany(t);
  const role = await x.post(x.admin, '/mansioni/mansione/create', {
    nome: `Manutentore ${randomBytes(2).toString('hex')}`,
  });
  expect(role.status, JSON.stringify(role.json)).toBe(200);
  const mansioneId = role.json.item.id as string;
  const checks: string[] = [];
  for (const nome_campo of ['Pressione impianto', 'Verifica fumi']) {
    const c = await x.post(x.admin, '/controlli/controllo', { mansioneId, nome_campo });
    expect(c.status, JSON.stringify(c.json)).toBe(200);
    checks.push(c.json.item.id);
  }
  const aziendaId = x.c.company.id;
  /** A contract of the customer written directly (the contract routes are another feature's). */
  const contract = async (o: Partial<typeof contratti.$inferInsert> = {}) => {
    const [row] = await t.deps.db
      .insert(contratti)
      .values({
        aziendaId,
        clienteId: x.clienteId,
        identificativo: `CT-${randomBytes(3).toString('hex')}`,
        tipo: 'manutenzione',
        dataInizio: '2026-01-01',
        dataFine: '2026-12-31',
        ...o,
      })
      .returning({ id: contratti.id, identificativo: contratti.identificativo });
    return row!;
  };
  const activity = (over: Record<string, unknown> = {}) => ({
    nome: 'Manutenzione caldaia',
    mansione_id: mansioneId,
    impianto_id: x.impiantoId,
    controlli: checks,
    macchinari: [x.macchinaId],
    frequenza: { tipo: 'fissa', ogni: 1, unita: 'mesi' },
    ...over,
  });
  return { ...x, aziendaId, mansioneId, checks, contract, activity };
}
