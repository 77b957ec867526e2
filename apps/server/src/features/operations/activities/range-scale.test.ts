import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestApp, type TestApp } from '../../../test/harness.js';
import { activityCompany } from './test-helpers.js';

/**
 * The planner's range at scale, on PostgreSQL only: one company with 5,000 running contracts, one
 * monthly activity each (60,000 occurrences); one month's range (5,000 occurrences) read page by page
 * through the whole HTTP stack. Its speed is measured by bench/contracts.ts, not here.
 */
let t: TestApp;
beforeAll(async () => {
  if (onPostgres) t = await startTestApp();
});
afterAll(() => t?.close());

describe.runIf(onPostgres)('GET /attivita/attivita/start/{}/end/{} over 5,000 contracts', () => {
  it('answers one month (5,000 occurrences) in ten pages of 500 (the default), each once, by day then id', async () => {
    const x = await activityCompany(t);
    const q = (text: string, p: unknown[]) => t.deps.database.executeSql(text, p);
    await q(
      `insert into contratti (azienda_id, cliente_id, identificativo, tipo, data_inizio, data_fine)
       select $1, $2, 'SCALA-' || g, 'manutenzione', '2026-01-01', '2026-12-31' from generate_series(1, 5000) g`,
      [x.aziendaId, x.clienteId],
    );
    await q(
      `insert into contratti_attivita (azienda_id, contratto_id, descrizione, frequenza, ogni, unita, data_inizio, mansione_id, impianto_id)
       select azienda_id, id, 'Manutenzione', 'fissa', 1, 'mesi', '2026-01-01', $2, $3 from contratti where azienda_id = $1`,
      [x.aziendaId, x.mansioneId, x.impiantoId],
    );
    await q(
      `insert into attivita_date (azienda_id, attivita_id, contratto_id, data)
       select a.azienda_id, a.id, a.contratto_id,
              (date '2026-01-01' + make_interval(months => m) + make_interval(days => abs(hashtext(a.id::text)) % 28))::date
         from contratti_attivita a, generate_series(0, 11) m where a.azienda_id = $1`,
      [x.aziendaId],
    );
    await q('analyze attivita_date', []);
    await q('analyze contratti_attivita', []);
    await q('analyze contratti', []);
    const url = '/attivita/attivita/start/20260301/end/20260331';
    const ids = new Set<string>();
    let last = '';
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await x.get(x.admin, cursor ? `${url}?cursor=${encodeURIComponent(cursor)}` : url);
      expect(r.status).toBe(200);
      for (const i of r.json.items as { id: string; data: string }[]) {
        ids.add(i.id);
        expect(`${i.data}~${i.id}` > last).toBe(true);
        last = `${i.data}~${i.id}`;
      }
      cursor = r.json.next;
      pages++;
    } while (cursor);
    expect([ids.size, pages]).toEqual([5000, 10]);
    // The shared test database keeps no 5,000 contracts behind (activities and dates cascade).
    await q('delete from contratti where azienda_id = $1', [x.aziendaId]);
  }, 120_000);
});
