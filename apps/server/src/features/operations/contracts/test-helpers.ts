import { todayIn } from '@fs/contract';
import type { TestApp } from '../../../test/harness.js';
import { reportCompany, type S } from '../reports/test-helpers.js';

/** A company with a customer (plant and machine), a job role and signed-in admin and technician, and contract calls. */
export async function contractCompany(t: TestApp) {
  const x = await reportCompany(t);
  const job = await x.post(x.admin, '/mansioni/mansione/create', {
    nome: `Manutentore ${Math.random().toString(36).slice(2, 6)}`,
  });
  if (job.status !== 200) throw new Error(`setup: ${job.status} ${JSON.stringify(job.json)}`);
  const sql = (q: string, p?: unknown[]) => t.deps.database.executeSql(q, p);
  return {
    ...x,
    mansioneId: job.json.item.id as string,
    sql,
    /** POST /contratti/contratto/create with a valid maintenance contract, overridden by `over`. */
    save: (over: Record<string, unknown> = {}, s: S = x.admin) =>
      x.post(s, '/contratti/contratto/create', {
        cliente_id: x.clienteId,
        identificativo: `C-${Math.random().toString(36).slice(2, 8)}`,
        tipo: 'manutenzione',
        data_inizio: addDays(today(), -30),
        data_fine: addDays(today(), 335),
        ...over,
      }),
    /** An activity with dated occurrences, straight in SQL (the activities feature makes them through its routes). */
    async activity(contrattoId: string, dates: string[], descrizione = 'Controllo caldaia') {
      const a = await sql(
        `insert into contratti_attivita (azienda_id, contratto_id, descrizione, frequenza, ogni, unita, data_inizio)
         values ($1, $2, $3, 'fissa', 3, 'mesi', $4) returning id`,
        [x.c.company.id, contrattoId, descrizione, dates[0]],
      );
      const attivitaId = (a.rows[0] as { id: string }).id;
      for (const d of dates)
        await sql(`insert into attivita_date (azienda_id, attivita_id, contratto_id, data) values ($1, $2, $3, $4)`, [
          x.c.company.id,
          attivitaId,
          contrattoId,
          d,
        ]);
      return attivitaId;
    },
  };
}

export const today = () => todayIn('Europe/Rome');

export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
