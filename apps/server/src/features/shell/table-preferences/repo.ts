import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { preferenzeTabelle } from '../../../platform/db/schema-customers.js';

export async function findColumns(
  db: DbOrTx,
  aziendaId: string,
  utenteId: string,
  tabella: string,
): Promise<string[] | undefined> {
  const [row] = await db
    .select({ colonne: preferenzeTabelle.colonne })
    .from(preferenzeTabelle)
    .where(
      and(
        eq(preferenzeTabelle.aziendaId, aziendaId),
        eq(preferenzeTabelle.utenteId, utenteId),
        eq(preferenzeTabelle.tabella, tabella),
      ),
    );
  return row?.colonne;
}

export async function saveColumns(
  db: DbOrTx,
  aziendaId: string,
  utenteId: string,
  tabella: string,
  colonne: string[],
): Promise<void> {
  await db
    .insert(preferenzeTabelle)
    .values({ aziendaId, utenteId, tabella, colonne })
    .onConflictDoUpdate({
      target: [preferenzeTabelle.aziendaId, preferenzeTabelle.utenteId, preferenzeTabelle.tabella],
      set: { colonne, updatedAt: sql`now()` },
    });
}

export async function deleteColumns(db: DbOrTx, aziendaId: string, utenteId: string, tabella: string): Promise<void> {
  await db
    .delete(preferenzeTabelle)
    .where(
      and(
        eq(preferenzeTabelle.aziendaId, aziendaId),
        eq(preferenzeTabelle.utenteId, utenteId),
        eq(preferenzeTabelle.tabella, tabella),
      ),
    );
}
