import { CONTROLLO_IN_USE_CODES, MANSIONE_IN_USE_CODES } from '@fs/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './repo.js';

/**
 * What keeps a job role or a check from being deleted (spec operations section 8).
 * A delete answers 403 with the FIRST code, in the contract's order, whose check
 * finds a use:
 *   job role: 0032 a user holds it, 0033 in a report, 0034 in a contract,
 *             0035 one of its checks is used in an activity;
 *   check:    0035 used in an activity.
 * Reports, contracts and activities do not exist yet: when their feature lands it
 * adds its entry to the map below (one function each), and the order stays the
 * contract's. Codes without an entry are skipped because nothing can use the row.
 */
type UsageCheck = (tx: DbOrTx, aziendaId: string, id: string) => Promise<boolean>;

const MESSAGES = {
  '0032': 'Mansione assegnata ad almeno un utente: impossibile eliminarla',
  '0033': 'Mansione presente in un rapportino: impossibile eliminarla',
  '0034': 'Mansione presente in un contratto: impossibile eliminarla',
  '0035': 'Controllo usato in un\'attività: impossibile eliminarlo',
} as const;

export const CONTROLLO_USAGE: Partial<Record<(typeof CONTROLLO_IN_USE_CODES)[number], UsageCheck>> = {
  // '0035': contract activities that use the check — added by the contracts feature.
};

export const MANSIONE_USAGE: Partial<Record<(typeof MANSIONE_IN_USE_CODES)[number], UsageCheck>> = {
  '0032': async (tx, aziendaId, id) => (await repo.countHolders(tx, aziendaId, id)) > 0,
  // '0033': reports (rapportini) that name the job role — added by the interventions feature.
  // '0034': contracts that name the job role — added by the contracts feature.
  // 0035: deleting a job role deletes its checks, so any of them in use stops it (through CONTROLLO_USAGE).
  '0035': async (tx, aziendaId, id) => {
    const check = CONTROLLO_USAGE['0035'];
    if (!check) return false;
    for (const c of await repo.controlliOf(tx, aziendaId, [id])) if (await check(tx, aziendaId, c.id)) return true;
    return false;
  },
};

async function firstUse<C extends keyof typeof MESSAGES>(
  codes: readonly C[],
  checks: Partial<Record<C, UsageCheck>>,
  tx: DbOrTx,
  aziendaId: string,
  id: string,
): Promise<C | undefined> {
  for (const code of codes) {
    const check = checks[code];
    if (check && (await check(tx, aziendaId, id))) return code;
  }
  return undefined;
}

/** Throws 403 with the first applicable code when the job role is in use. */
export async function assertMansioneUnused(tx: DbOrTx, aziendaId: string, id: string): Promise<void> {
  const code = await firstUse(MANSIONE_IN_USE_CODES, MANSIONE_USAGE, tx, aziendaId, id);
  if (code) throw new AppError(code, MESSAGES[code]);
}

/** Throws 403 0035 when the check is used in an activity. */
export async function assertControlloUnused(tx: DbOrTx, aziendaId: string, id: string): Promise<void> {
  const code = await firstUse(CONTROLLO_IN_USE_CODES, CONTROLLO_USAGE, tx, aziendaId, id);
  if (code) throw new AppError(code, MESSAGES[code]);
}

export const IN_USE_MESSAGES = MESSAGES;
