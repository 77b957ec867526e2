import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../../platform/db/client.js';
import { mexalConnessioni } from '../../../../platform/db/schema-mexal.js';

/** The company's Mexal connection row (decision 0052): every query names the company. */

export type ConnectionRow = typeof mexalConnessioni.$inferSelect;

export async function findConnection(db: DbOrTx, aziendaId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(mexalConnessioni).where(eq(mexalConnessioni.aziendaId, aziendaId));
  return row;
}

export interface ConnectionValues {
  indirizzo: string;
  utente: string;
  /** Sealed. */
  password: string;
  codiceAzienda: string;
  anno: number;
  stato: 'CONNESSO' | 'RIFIUTATO';
  connessoIl: Date | null;
  rifiutatoIl: Date | null;
  messaggio: string | null;
  at: Date;
}

export async function saveConnection(db: DbOrTx, aziendaId: string, v: ConnectionValues): Promise<void> {
  const { at, ...values } = v;
  await db
    .insert(mexalConnessioni)
    .values({ aziendaId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: mexalConnessioni.aziendaId, set: { ...values, updatedAt: at } });
}

/** Marks the connection refused (an export's call answered 401/403), keeping the credentials as they were. */
export async function markRefused(db: DbOrTx, aziendaId: string, messaggio: string, at: Date): Promise<void> {
  await db
    .update(mexalConnessioni)
    .set({ stato: 'RIFIUTATO', rifiutatoIl: at, messaggio, updatedAt: at })
    .where(eq(mexalConnessioni.aziendaId, aziendaId));
}

export async function deleteConnection(db: DbOrTx, aziendaId: string): Promise<void> {
  await db.delete(mexalConnessioni).where(eq(mexalConnessioni.aziendaId, aziendaId));
}
