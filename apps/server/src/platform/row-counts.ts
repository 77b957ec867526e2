import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './db/client.js';
import { conteggiRighe } from './db/schema.js';
import { prepared } from './db/prepared.js';

/** The tables whose rows the database counts per company (migration 0032's triggers). */
export type CountedTable = 'clienti' | 'rapportini';

/**
 * How many rows the company has in `table`: the count the triggers of migration 0032 keep in the transaction that
 * writes the rows (decision 0042), so it is count(*) of the company's rows, read as one row by its key. A company
 * that never had a row has no count: 0.
 */
export async function companyRows(db: DbOrTx, aziendaId: string, table: CountedTable): Promise<number> {
  const query = prepared(db, 'company_rows', () =>
    db
      .select({ n: conteggiRighe.righe })
      .from(conteggiRighe)
      .where(
        and(
          eq(conteggiRighe.aziendaId, sql.placeholder('aziendaId')),
          eq(conteggiRighe.tabella, sql.placeholder('table')),
        ),
      )
      .prepare('company_rows'),
  );
  const [r] = await query.execute({ aziendaId, table });
  return Number(r?.n ?? 0);
}
