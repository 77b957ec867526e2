import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness.js';
import { reportCompany, type S } from '../reports/test-helpers.js';

export type { S };

/** A company ready to plan: the reports' fixture (customer, plant, machine, admin and technician) and planner calls. */
export async function plannerCompany(t: TestApp) {
  const x = await reportCompany(t);
  const save = (s: S, body: Record<string, unknown>) => x.post(s, '/schedule/appointment', body);
  const base = (over: Record<string, unknown> = {}) => ({
    titolo: 'Manutenzione caldaia',
    cliente_id: x.clienteId,
    tecnici_ids: [x.techId],
    inizio: '2026-11-20T08:00:00.000Z',
    fine: '2026-11-20T10:00:00.000Z',
    ...over,
  });
  /** Saves (confirmed) and answers the item. */
  const create = async (over: Record<string, unknown> = {}, s: S = x.admin) => {
    const r = await save(s, { ...base(over), conferma: true });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.success, JSON.stringify(r.json)).toBe(true);
    return r.json.item;
  };
  const range = (s: S, start: string, end: string, q = '') =>
    x.get(s, `/v2/schedule/appointments/start/${start}/end/${end}${q}`);
  const sql = (text: string, params: unknown[] = []) => t.deps.database.executeSql(text, params);
  return { ...x, save, base, create, range, sql };
}
