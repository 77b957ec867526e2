import type { DbOrTx } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import type { MediaSection } from '@fs/contract';
import { removeObjects } from '../../../platform/storage-removals.js';
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

/**
 * Removes stored objects whose rows a committed transaction deleted, then their removal records; a
 * failure (or a process that dies first) leaves the records to the storage sweep (platform/storage-removals.ts).
 */
export async function removeStored(deps: Deps, keys: string[]): Promise<void> {
  await removeObjects(deps, keys);
}
