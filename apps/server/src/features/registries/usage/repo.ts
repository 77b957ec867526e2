import { and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { controlli } from '../../../platform/db/schema-articles.js';
import {
  attivitaControlli,
  attivitaMacchinari,
  contratti,
  contrattiImpianti,
  contrattiMacchinari,
  contrattiMansioni,
  rapportini,
  rapportiniMansioni,
} from '../../../platform/db/schema-contracts.js';
import { impianti, macchinari } from '../../../platform/db/schema-customers.js';

/**
 * Where plants, machines, customers, job roles and checks are used by contracts, contract
 * activities and work reports (schema-contracts.ts): the questions the delete rules ask
 * (0027, 0028, 0033-0035, CUSTOMER_IN_USE). Each is an EXISTS-style query on the company's
 * rows that stops at the first hit, through the (azienda_id, <linked id>) indexes.
 */

const one = sql<number>`1`;

async function found(q: PromiseLike<unknown[]>): Promise<boolean> {
  return (await q).length > 0;
}

/** Ids of the company's machines on these plants (a subquery). */
function machinesOfPlants(db: DbOrTx, aziendaId: string, impiantoIds: string[]) {
  return db
    .select({ id: macchinari.id })
    .from(macchinari)
    .where(and(eq(macchinari.aziendaId, aziendaId), inArray(macchinari.impiantoId, impiantoIds)));
}

/** Any of these machines (ids, or a subquery of ids) in a contract, or in a contract activity. */
export async function machinesInContract(
  db: DbOrTx,
  aziendaId: string,
  macchinarioIds: string[] | SQLWrapper,
): Promise<boolean> {
  if (Array.isArray(macchinarioIds) && macchinarioIds.length === 0) return false;
  return (
    (await found(
      db
        .select({ one })
        .from(contrattiMacchinari)
        .where(
          and(eq(contrattiMacchinari.aziendaId, aziendaId), inArray(contrattiMacchinari.macchinarioId, macchinarioIds)),
        )
        .limit(1),
    )) ||
    found(
      db
        .select({ one })
        .from(attivitaMacchinari)
        .where(
          and(eq(attivitaMacchinari.aziendaId, aziendaId), inArray(attivitaMacchinari.macchinarioId, macchinarioIds)),
        )
        .limit(1),
    )
  );
}

/** Any of these plants in a contract, or any machine of them in a contract or a contract activity. */
export async function plantsInContract(db: DbOrTx, aziendaId: string, impiantoIds: string[]): Promise<boolean> {
  if (impiantoIds.length === 0) return false;
  return (
    (await found(
      db
        .select({ one })
        .from(contrattiImpianti)
        .where(and(eq(contrattiImpianti.aziendaId, aziendaId), inArray(contrattiImpianti.impiantoId, impiantoIds)))
        .limit(1),
    )) || machinesInContract(db, aziendaId, machinesOfPlants(db, aziendaId, impiantoIds))
  );
}

/**
 * Any of these customers with a contract or a work report of its own, or with a plant or
 * machine in a contract (deleting the customer would delete them).
 */
export async function customersInUse(db: DbOrTx, aziendaId: string, clienteIds: string[]): Promise<boolean> {
  if (clienteIds.length === 0) return false;
  const plants = db
    .select({ id: impianti.id })
    .from(impianti)
    .where(and(eq(impianti.aziendaId, aziendaId), inArray(impianti.clienteId, clienteIds)));
  return (
    (await found(
      db
        .select({ one })
        .from(contratti)
        .where(and(eq(contratti.aziendaId, aziendaId), inArray(contratti.clienteId, clienteIds)))
        .limit(1),
    )) ||
    (await found(
      db
        .select({ one })
        .from(rapportini)
        .where(and(eq(rapportini.aziendaId, aziendaId), inArray(rapportini.clienteId, clienteIds)))
        .limit(1),
    )) ||
    (await found(
      db
        .select({ one })
        .from(contrattiImpianti)
        .where(and(eq(contrattiImpianti.aziendaId, aziendaId), inArray(contrattiImpianti.impiantoId, plants)))
        .limit(1),
    )) ||
    machinesInContract(
      db,
      aziendaId,
      db
        .select({ id: macchinari.id })
        .from(macchinari)
        .where(and(eq(macchinari.aziendaId, aziendaId), inArray(macchinari.impiantoId, plants))),
    )
  );
}

/** 0033: the job role is named by a work report. */
export async function mansioneInReport(db: DbOrTx, aziendaId: string, mansioneId: string): Promise<boolean> {
  return found(
    db
      .select({ one })
      .from(rapportiniMansioni)
      .where(and(eq(rapportiniMansioni.aziendaId, aziendaId), eq(rapportiniMansioni.mansioneId, mansioneId)))
      .limit(1),
  );
}

/** 0034: the job role is named by a contract. */
export async function mansioneInContract(db: DbOrTx, aziendaId: string, mansioneId: string): Promise<boolean> {
  return found(
    db
      .select({ one })
      .from(contrattiMansioni)
      .where(and(eq(contrattiMansioni.aziendaId, aziendaId), eq(contrattiMansioni.mansioneId, mansioneId)))
      .limit(1),
  );
}

/** 0035 for a job role: one of its checks (deleted with it) is used in a contract activity. */
export async function mansioneChecksInActivity(db: DbOrTx, aziendaId: string, mansioneId: string): Promise<boolean> {
  const checks = db
    .select({ id: controlli.id })
    .from(controlli)
    .where(and(eq(controlli.aziendaId, aziendaId), eq(controlli.mansioneId, mansioneId)));
  return found(
    db
      .select({ one })
      .from(attivitaControlli)
      .where(and(eq(attivitaControlli.aziendaId, aziendaId), inArray(attivitaControlli.controlloId, checks)))
      .limit(1),
  );
}

/** 0035 for a check: it is used in a contract activity. */
export async function controlloInActivity(db: DbOrTx, aziendaId: string, controlloId: string): Promise<boolean> {
  return found(
    db
      .select({ one })
      .from(attivitaControlli)
      .where(and(eq(attivitaControlli.aziendaId, aziendaId), eq(attivitaControlli.controlloId, controlloId)))
      .limit(1),
  );
}
