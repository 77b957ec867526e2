import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import {
  attivitaDate,
  contratti,
  contrattiImpianti,
  contrattiMacchinari,
  contrattiMansioni,
} from '../../../platform/db/schema-contracts.js';

/** Contract writes (create, update, end early, delete). Every statement filters on the company. */

export type ContractValues = Omit<
  typeof contratti.$inferInsert,
  'id' | 'aziendaId' | 'createdAt' | 'updatedAt' | 'createdBy' | 'rinnovi' | 'cessato'
>;

export async function insertContract(
  tx: DbOrTx,
  aziendaId: string,
  by: string | null,
  values: ContractValues,
): Promise<{ id: string }> {
  const [row] = await tx
    .insert(contratti)
    .values({ ...values, aziendaId, createdBy: by })
    .returning({ id: contratti.id });
  return row!;
}

export async function updateContract(tx: DbOrTx, aziendaId: string, id: string, values: ContractValues) {
  await tx
    .update(contratti)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(contratti.aziendaId, aziendaId), eq(contratti.id, id)));
}

/** Replaces the contract's plants, machines and job roles with the ones given. */
export async function replaceLinks(
  tx: DbOrTx,
  aziendaId: string,
  contrattoId: string,
  links: { impianti: string[]; macchinari: string[]; mansioni: string[] },
) {
  await tx
    .delete(contrattiImpianti)
    .where(and(eq(contrattiImpianti.aziendaId, aziendaId), eq(contrattiImpianti.contrattoId, contrattoId)));
  await tx
    .delete(contrattiMacchinari)
    .where(and(eq(contrattiMacchinari.aziendaId, aziendaId), eq(contrattiMacchinari.contrattoId, contrattoId)));
  await tx
    .delete(contrattiMansioni)
    .where(and(eq(contrattiMansioni.aziendaId, aziendaId), eq(contrattiMansioni.contrattoId, contrattoId)));
  if (links.impianti.length)
    await tx
      .insert(contrattiImpianti)
      .values(links.impianti.map((impiantoId) => ({ aziendaId, contrattoId, impiantoId })));
  if (links.macchinari.length)
    await tx
      .insert(contrattiMacchinari)
      .values(links.macchinari.map((macchinarioId) => ({ aziendaId, contrattoId, macchinarioId })));
  if (links.mansioni.length)
    await tx
      .insert(contrattiMansioni)
      .values(links.mansioni.map((mansioneId) => ({ aziendaId, contrattoId, mansioneId })));
}

/** Ends the contract early; its undone, unplanned-to-a-report dates after `data` go. Answers the dates removed. */
export async function cease(tx: DbOrTx, aziendaId: string, id: string, data: string, motivo: string): Promise<number> {
  await tx
    .update(contratti)
    .set({ cessato: true, dataCessazione: data, motivoCessazione: motivo, updatedAt: sql`now()` })
    .where(and(eq(contratti.aziendaId, aziendaId), eq(contratti.id, id)));
  const gone = await tx
    .delete(attivitaDate)
    .where(
      and(
        eq(attivitaDate.aziendaId, aziendaId),
        eq(attivitaDate.contrattoId, id),
        isNull(attivitaDate.fattaAt),
        isNull(attivitaDate.rapportinoId),
        gt(attivitaDate.data, data),
      ),
    )
    .returning({ id: attivitaDate.id });
  return gone.length;
}

/** Deletes the contract (links, activities, dates and notices cascade). */
export async function deleteContract(tx: DbOrTx, aziendaId: string, id: string): Promise<boolean> {
  const r = await tx
    .delete(contratti)
    .where(and(eq(contratti.aziendaId, aziendaId), eq(contratti.id, id)))
    .returning({ id: contratti.id });
  return r.length > 0;
}
