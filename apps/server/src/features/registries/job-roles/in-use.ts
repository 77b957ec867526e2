import { CHECKLIST_ITEM_IN_USE_CODES, JOB_ROLE_IN_USE_CODES } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/errors.js';
import * as usage from '../usage/repo.js';
import * as repo from './repo.js';
import { foreignKeyViolation } from '../../../platform/db/pg-errors.js';

/**
 * What keeps a job role or a check from being deleted (spec operations section 8).
 * A delete answers 403 with the FIRST code, in the contract's order, whose check
 * finds a use:
 *   job role: 0032 a user holds it, 0033 in a report, 0034 in a contract,
 *             0035 one of its checks is used in a contract activity;
 *   check:    0035 used in a contract activity.
 * The links are foreign keys ON DELETE RESTRICT (NO ACTION for users), so a link
 * written between the check and the delete still stops it: the refusing key maps
 * to the same code (`inUseRefusal`).
 */
type MansioneCode = (typeof JOB_ROLE_IN_USE_CODES)[number];
type ControlloCode = (typeof CHECKLIST_ITEM_IN_USE_CODES)[number];
type UsageCheck = (tx: DbOrTx, aziendaId: string, id: string) => Promise<boolean>;

const MESSAGES = {
  '0032': 'Mansione assegnata ad almeno un utente: impossibile eliminarla',
  '0033': 'Mansione presente in un rapportino: impossibile eliminarla',
  '0034': 'Mansione presente in un contratto: impossibile eliminarla',
  '0035': "Controllo usato in un'attività: impossibile eliminarlo",
} as const satisfies Record<MansioneCode | ControlloCode, string>;

const MANSIONE_CHECKS: Record<MansioneCode, UsageCheck> = {
  '0032': async (tx, aziendaId, id) => (await repo.countHolders(tx, aziendaId, id)) > 0,
  '0033': usage.mansioneInReport,
  '0034': usage.mansioneInContract,
  // Deleting a job role deletes its checks, so any of them in an activity stops it.
  '0035': usage.mansioneChecksInActivity,
};

const CONTROLLO_CHECKS: Record<ControlloCode, UsageCheck> = {
  '0035': usage.controlloInActivity,
};

/** The foreign keys that refuse a job role's (or its checks') delete, and the code each answers. */
const REFUSALS: Record<string, MansioneCode | ControlloCode> = {
  utenti_mansioni_mansione_fk: '0032',
  rapportini_mansioni_mansione_fk: '0033',
  contratti_mansioni_mansione_fk: '0034',
  attivita_controlli_controllo_fk: '0035',
};

async function firstUse<C extends keyof typeof MESSAGES>(
  codes: readonly C[],
  checks: Record<C, UsageCheck>,
  tx: DbOrTx,
  aziendaId: string,
  id: string,
): Promise<C | undefined> {
  for (const code of codes) if (await checks[code](tx, aziendaId, id)) return code;
  return undefined;
}

/** Throws 403 with the first applicable code when the job role is in use. */
export async function assertMansioneUnused(tx: DbOrTx, aziendaId: string, id: string): Promise<void> {
  const code = await firstUse(JOB_ROLE_IN_USE_CODES, MANSIONE_CHECKS, tx, aziendaId, id);
  if (code) throw new AppError(code, MESSAGES[code]);
}

/** Throws 403 0035 when the check is used in a contract activity. */
export async function assertControlloUnused(tx: DbOrTx, aziendaId: string, id: string): Promise<void> {
  const code = await firstUse(CHECKLIST_ITEM_IN_USE_CODES, CONTROLLO_CHECKS, tx, aziendaId, id);
  if (code) throw new AppError(code, MESSAGES[code]);
}

/** The in-use answer for a delete the database refused (foreign key), or undefined for any other error. */
export function inUseRefusal(e: unknown): AppError | undefined {
  const key = foreignKeyViolation(e);
  const code = key === undefined ? undefined : REFUSALS[key];
  return code ? new AppError(code, MESSAGES[code]) : undefined;
}
