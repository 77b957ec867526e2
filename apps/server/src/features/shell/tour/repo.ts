import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { aziende, utenti } from '../../../platform/db/schema.js';

export async function findCompany(db: DbOrTx, aziendaId: string) {
  const rows = await db
    .select({
      step: aziende.workFlowPrimoAccesso,
      subscriptionConfirmed: aziende.subscriptionConfirmed,
      scadenzaTrialDate: aziende.scadenzaTrialDate,
      mailPrincipale: aziende.mailPrincipale,
      indirizzo: aziende.indirizzo,
      citta: aziende.citta,
    })
    .from(aziende)
    .where(eq(aziende.id, aziendaId));
  return rows[0];
}

/** Active technicians (role user) of the company. */
export async function countTechnicians(db: DbOrTx, aziendaId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(utenti)
    .where(and(eq(utenti.aziendaId, aziendaId), eq(utenti.role, 'user'), eq(utenti.status, 'ACTIVE')));
  return row?.n ?? 0;
}

/** Moves the step from `from` to `to`; answers false when the step was no longer `from`. */
export async function moveStep(db: DbOrTx, aziendaId: string, from: number | null, to: number): Promise<boolean> {
  const rows = await db
    .update(aziende)
    .set({ workFlowPrimoAccesso: to })
    .where(and(eq(aziende.id, aziendaId), from === null ? undefined : eq(aziende.workFlowPrimoAccesso, from)))
    .returning({ id: aziende.id });
  return rows.length > 0;
}
