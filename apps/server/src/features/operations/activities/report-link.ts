import type { DbOrTx } from '../../../platform/db/client.js';
import * as occ from './occurrences-repo.js';

/**
 * The reports' hook (reports/closing.ts, in the closing transaction): closing a report made from an
 * occurrence marks that occurrence done (fatta_at); `null` marks it undone again (no reopening
 * transition exists yet: a closed report stays CHIUSO when the reopening option lets it be edited).
 */
export async function reportClosed(
  tx: DbOrTx,
  aziendaId: string,
  rapportinoId: string,
  at: Date | null,
): Promise<void> {
  await occ.setDoneByReport(tx, aziendaId, rapportinoId, at);
}

/**
 * The reports' deletion hook (reports/deletion.ts, same transaction): the occurrences made into the
 * deleted reports are undone again; their rapportino_id is cleared by the foreign key (ON DELETE SET NULL).
 */
export async function reportsDeleted(tx: DbOrTx, aziendaId: string, rapportinoIds: string[]): Promise<void> {
  await occ.undoneByReports(tx, aziendaId, rapportinoIds);
}
