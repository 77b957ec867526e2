import type { DbOrTx } from '../../../platform/db/client.js';
import * as occ from './occurrences-repo.js';

/**
 * The reports' hook (reports/closing.ts, in the closing transaction): closing a report made from an
 * occurrence marks that occurrence done (fatta_at); `null` marks it undone again. Deleting the report
 * frees the occurrence by itself (rapportino_id ON DELETE SET NULL).
 */
export async function reportClosed(
  tx: DbOrTx,
  aziendaId: string,
  rapportinoId: string,
  at: Date | null,
): Promise<void> {
  await occ.setDoneByReport(tx, aziendaId, rapportinoId, at);
}
