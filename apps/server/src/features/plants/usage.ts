import type { DbOrTx } from '../../platform/db/client.js';

/**
 * Where plants and machines are used elsewhere, checked before a delete. Contracts
 * (not built yet) register here: a check answers whether any of the given plants or
 * machines is in one of the company's contracts. A plant in use answers 403 0028,
 * a machine in use 403 0027 (spec operations section 8). Nothing is registered today.
 */
export interface UsageCheck {
  plantsInUse(db: DbOrTx, aziendaId: string, impiantoIds: string[], macchinarioIds: string[]): Promise<boolean>;
  machinesInUse(db: DbOrTx, aziendaId: string, macchinarioIds: string[]): Promise<boolean>;
}

const checks: UsageCheck[] = [];

/** Registers a usage check (the contracts feature, at start). Answers a function that removes it. */
export function registerUsageCheck(check: UsageCheck): () => void {
  checks.push(check);
  return () => {
    const i = checks.indexOf(check);
    if (i >= 0) checks.splice(i, 1);
  };
}

export async function plantsInUse(db: DbOrTx, aziendaId: string, impiantoIds: string[], macchinarioIds: string[]): Promise<boolean> {
  for (const c of checks) if (await c.plantsInUse(db, aziendaId, impiantoIds, macchinarioIds)) return true;
  return false;
}

export async function machinesInUse(db: DbOrTx, aziendaId: string, macchinarioIds: string[]): Promise<boolean> {
  for (const c of checks) if (await c.machinesInUse(db, aziendaId, macchinarioIds)) return true;
  return false;
}
