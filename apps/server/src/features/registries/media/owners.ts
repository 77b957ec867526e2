import type { DbOrTx } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import type { MediaSection } from '@fs/contract';
import * as repo from './repo.js';
import type { GeneratedSection } from './sections.js';

/**
 * When owners are deleted (e.g. work reports), their files go with them: the rows inside the
 * caller's transaction (the storage trigger gives their bytes back to the quota in it), the stored
 * objects once it has committed (`removeStored` with the keys answered).
 */
export function dropMediaOf(
  tx: DbOrTx,
  aziendaId: string,
  section: MediaSection | GeneratedSection,
  ownerIds: string[],
) {
  return repo.deleteMediaOfOwners(tx, aziendaId, section, ownerIds);
}

/** Removes stored objects whose rows are gone; a failure is logged (the daily recalculation finds leftovers). */
export async function removeStored(deps: Deps, keys: string[]): Promise<void> {
  for (const key of keys) {
    await deps.storage.remove(key).catch((err: unknown) => deps.log.warn({ err, key }, 'media file not removed'));
  }
}
