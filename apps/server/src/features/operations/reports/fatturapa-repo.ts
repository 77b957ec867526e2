import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { aziende } from '../../../platform/db/schema.js';

/** Takes the company's next FatturaPA progressive (one statement: two exports never share one). */
export async function nextProgressive(db: DbOrTx, aziendaId: string): Promise<number> {
  const [r] = await db
    .update(aziende)
    .set({ fatturapaProgressivo: sql`${aziende.fatturapaProgressivo} + 1` })
    .where(eq(aziende.id, aziendaId))
    .returning({ n: aziende.fatturapaProgressivo });
  if (!r) throw new Error(`company ${aziendaId} not found`);
  return r.n;
}
