import { Readable } from 'node:stream';
import type { DbOrTx } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import { presentMedia } from './presenter.js';
import { reserveSpace } from './quota.js';
import { removeObjects } from '../../../platform/storage-removals.js';
import * as repo from './repo.js';
import { GENERATED_SECTIONS, type GeneratedSection } from './sections.js';

/**
 * Files the server makes (the printed report): one per section and owner, stored like uploads
 * (storage adapter + media row) and counted in the company's storage quota. `source_hash`
 * fingerprints what the file was made from, so its maker knows when to make it again.
 */
export interface GeneratedFile {
  id: string;
  filename: string;
  size: number;
  sourceHash: string | null;
  storageKey: string;
}

/** The owner's current file of a generated section, if any. */
export async function findGenerated(
  db: DbOrTx,
  aziendaId: string,
  section: GeneratedSection,
  ownerId: string,
): Promise<GeneratedFile | undefined> {
  const [m] = await repo.mediaOfOwner(db, aziendaId, section, ownerId);
  return m && { id: m.id, filename: m.filename, size: m.size, sourceHash: m.sourceHash, storageKey: m.storageKey };
}

/**
 * Stores a generated file and makes it the owner's one, removing the previous one (in one
 * transaction under the company's usage lock: the quota is checked with the old one freed;
 * 413 STORAGE_QUOTA_EXCEEDED when it does not fit, and nothing stays behind).
 */
export async function storeGenerated(
  deps: Deps,
  aziendaId: string,
  file: {
    section: GeneratedSection;
    ownerId: string;
    filename: string;
    contentType: string;
    body: Buffer;
    sourceHash: string;
    by: string | null;
  },
) {
  const stored = await deps.storage.put(aziendaId, Readable.from([file.body]));
  try {
    const { row, oldKeys } = await deps.db.transaction(async (tx) => {
      // The owner first (it may be being deleted: then the file is not kept), then the quota.
      await GENERATED_SECTIONS[file.section].lockOwner(tx, aziendaId, file.ownerId);
      const old = await reserveSpace(tx, aziendaId, stored.size, () =>
        repo.mediaOfOwner(tx, aziendaId, file.section, file.ownerId),
      );
      for (const m of old) await repo.deleteMedia(tx, aziendaId, m.id);
      const m = await repo.insertMedia(tx, {
        aziendaId,
        section: file.section,
        ownerId: file.ownerId,
        filename: file.filename,
        contentType: file.contentType,
        size: stored.size,
        storageKey: stored.key,
        uploadedBy: file.by,
        sourceHash: file.sourceHash,
      });
      return { row: m, oldKeys: old.map((o) => o.storageKey) };
    });
    await removeObjects(deps, oldKeys);
    return presentMedia(row);
  } catch (e) {
    await deps.storage.remove(stored.key);
    throw e;
  }
}

/** Removes the owner's generated files (the owner is being deleted); objects go after the rows. */
export async function removeGenerated(deps: Deps, aziendaId: string, section: GeneratedSection, ownerIds: string[]) {
  const keys: string[] = [];
  for (const ownerId of ownerIds) {
    for (const m of await repo.mediaOfOwner(deps.db, aziendaId, section, ownerId)) {
      await repo.deleteMedia(deps.db, aziendaId, m.id);
      keys.push(m.storageKey);
    }
  }
  await removeObjects(deps, keys);
}
