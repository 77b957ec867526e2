import type { Readable } from 'node:stream';
import { fileTypeStream } from 'file-type';
import type { MediaSection } from '@fs/contract';
import type { Actor } from '../../platform/auth/actor.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import * as repo from './repo.js';
import { SECTIONS } from './sections.js';

/**
 * Streams an upload to storage after sniffing its type, then records it and
 * links it to its owner in one transaction; a replaced file goes afterwards.
 */
export async function insert(deps: Deps, actor: Actor, section: MediaSection, ownerId: string, upload: Readable) {
  const def = SECTIONS[section];
  try {
    await def.authorizeWrite(deps.db, actor, ownerId);
  } catch (e) {
    upload.resume();
    throw e;
  }
  const typed = await fileTypeStream(upload);
  const mime = typed.fileType?.mime;
  const ext = mime ? def.types.get(mime) : undefined;
  if (!mime || !ext) {
    upload.resume();
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Tipo di file non consentito: ${[...def.types.keys()].join(', ')}`);
  }
  const stored = await deps.storage.put(actor.aziendaId, typed);
  try {
    if ((upload as Readable & { truncated?: boolean }).truncated) {
      throw new AppError('PAYLOAD_TOO_LARGE', `Il file supera ${Math.round(def.maxBytes(deps.config) / 1024)} KB`);
    }
    const { row, oldKeys } = await deps.db.transaction(async (tx) => {
      const old = def.single ? await repo.mediaOfOwner(tx, actor.aziendaId, section, ownerId) : [];
      for (const m of old) await repo.deleteMedia(tx, actor.aziendaId, m.id);
      const m = await repo.insertMedia(tx, {
        aziendaId: actor.aziendaId,
        section,
        ownerId,
        filename: def.filename(ext),
        contentType: mime,
        size: stored.size,
        storageKey: stored.key,
      });
      await def.attach(tx, actor.aziendaId, ownerId, m.id);
      return { row: m, oldKeys: old.map((o) => o.storageKey) };
    });
    for (const key of oldKeys) await deps.storage.remove(key).catch((err) => deps.log.warn({ err }, 'old media not removed'));
    return { id: row.id };
  } catch (e) {
    await deps.storage.remove(stored.key);
    throw e;
  }
}

export async function content(deps: Deps, actor: Actor, id: string) {
  const m = await repo.findMedia(deps.db, actor.aziendaId, id);
  const def = m ? SECTIONS[m.section as MediaSection] : undefined;
  if (!m || !def) throw notFound('File');
  if (!def.mayRead(actor, m.ownerId)) throw forbidden();
  return { contentType: m.contentType, filename: m.filename, size: m.size, body: await deps.storage.get(m.storageKey) };
}

export async function remove(deps: Deps, actor: Actor, id: string) {
  const m = await repo.findMedia(deps.db, actor.aziendaId, id);
  const def = m ? SECTIONS[m.section as MediaSection] : undefined;
  if (!m || !def) throw notFound('File');
  await def.authorizeWrite(deps.db, actor, m.ownerId);
  await deps.db.transaction(async (tx) => {
    await repo.deleteMedia(tx, actor.aziendaId, m.id);
    await def.detach(tx, actor.aziendaId, m.ownerId, m.id);
  });
  await deps.storage.remove(m.storageKey).catch((err) => deps.log.warn({ err }, 'media file not removed'));
}

/** A Content-Disposition value that cannot break the header: ASCII fallback plus RFC 5987 name. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
