import type { Readable } from 'node:stream';
import { formatCount, type MediaListSection, type MediaSection, type MediaUpdateRequest } from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';
import { userIdOf } from '../../../platform/auth/principal.js';
import type { ByteRange } from '../../../platform/storage.js';
import type { DbOrTx } from '../../../platform/db/client.js';
import { AppError, forbidden, notFound } from '../../../platform/errors.js';
import { removeObjects } from '../../../platform/storage-removals.js';
import * as repo from './repo.js';
import { INLINE_TYPES, SECTIONS, safeFilename, sectionOf } from './sections.js';
import { quotaError, reserveSpace, storageLimit } from './quota.js';
import { presentMedia } from './presenter.js';
import { REQUIRED_MESSAGE } from '@fs/contract';

/** The uploaded part as @fastify/multipart gives it. */
export interface UploadPart {
  fieldname: string;
  filename?: string;
  file: Readable & { truncated?: boolean };
}
/** Opens the request's file part with a byte limit (the route binds it to the request). */
export type OpenUpload = (maxBytes: number) => Promise<UploadPart | undefined>;

/** Multipart framing around the file (boundaries, part headers): room allowed over the file's own size. */
const FRAMING_BYTES = 16 * 1024;
/** Bytes read to sniff the type: enough for the entries list at the head of an office file. */
const SNIFF_BYTES = 64 * 1024;

const kb = (n: number) => `${formatCount(Math.round(n / 1024), 'it')} KB`;

/**
 * Streams an upload to storage after sniffing its type, within the section's
 * size and the company's free space, then records it and links it to its
 * owner in one transaction (the trigger counts its bytes there). Whatever
 * fails, no object and no row stay behind.
 */
export async function insert(
  ctx: CompanyContext,
  section: MediaSection,
  ownerId: string,
  open: OpenUpload,
  declaredLength?: number,
) {
  const def = SECTIONS[section];
  const aziendaId = ctx.company.id;
  await def.authorize(ctx, ownerId, 'write');
  const [limit, usage] = await Promise.all([storageLimit(ctx.db, aziendaId), repo.findUsage(ctx.db, aziendaId)]);
  const free = Math.max(limit - (usage?.usedBytes ?? 0), 0);
  const maxBytes = def.maxBytes(ctx.deps.config);
  // Before streaming: a declared body that cannot fit is refused at once.
  if (declaredLength !== undefined && declaredLength - FRAMING_BYTES > maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `Il file supera ${kb(maxBytes)}`);
  }
  if (free === 0 || (declaredLength !== undefined && declaredLength - FRAMING_BYTES > free)) throw quotaError(free);

  const cut = Math.min(maxBytes, free);
  const part = await open(cut);
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw new AppError('VALIDATION', 'Campo "file" mancante', [{ path: 'file', message: REQUIRED_MESSAGE }]);
  }
  const upload = part.file;
  const { fileTypeStream } = await import('file-type'); // loaded with the first upload, not at start
  const typed = await fileTypeStream(upload, { sampleSize: SNIFF_BYTES });
  const mime = typed.fileType?.mime;
  const ext = mime ? def.types.get(mime) : undefined;
  const tooBig = () =>
    cut < maxBytes ? quotaError(free) : new AppError('PAYLOAD_TOO_LARGE', `Il file supera ${kb(maxBytes)}`);
  if (!mime || !ext) {
    upload.resume();
    // Cut before its type could be told: the limit is the answer.
    if (upload.truncated) throw tooBig();
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Tipo di file non consentito: ${[...def.types.values()].join(', ')}`);
  }
  // While streaming: the multipart limit cuts the file at `cut` bytes and marks it truncated.
  const stored = await ctx.deps.storage.put(aziendaId, typed);
  try {
    if (upload.truncated) {
      throw tooBig();
    }
    const { row, oldKeys } = await ctx.transaction(async ({ db: tx }) => {
      // The owner first (it may have been deleted while the file streamed), then the quota: the
      // deletions lock owners before their files' usage, so the two orders agree.
      await def.lockOwner(tx, aziendaId, ownerId);
      // After: another upload may have used the space meanwhile (the lock orders them).
      const old = await reserveSpace(
        tx,
        aziendaId,
        stored.size,
        async () => (def.single ? repo.mediaOfOwner(tx, aziendaId, section, ownerId) : []),
        limit,
      );
      for (const m of old) await repo.deleteMedia(tx, aziendaId, m.id);
      const m = await repo.insertMedia(tx, {
        aziendaId,
        section,
        ownerId,
        filename: def.filename(ext, part.filename),
        contentType: mime,
        size: stored.size,
        storageKey: stored.key,
        uploadedBy: userIdOf(ctx.principal),
      });
      await def.attach(tx, aziendaId, ownerId, m.id);
      return { row: m, oldKeys: old.map((o) => o.storageKey) };
    });
    await removeObjects(ctx.deps, oldKeys);
    return presentMedia(row);
  } catch (e) {
    await ctx.deps.storage.remove(stored.key);
    throw e;
  }
}

async function readable(ctx: CompanyContext, id: string) {
  const m = await repo.findMedia(ctx.db, ctx.company.id, id);
  const def = m ? sectionOf(m.section) : undefined;
  if (!m || !def) throw notFound('File');
  if (!(await def.mayRead(ctx, m.ownerId))) throw forbidden();
  return { m, def };
}

/** Metadata of a file to serve; the body is opened by `open`, whole or a byte range. */
export async function content(ctx: CompanyContext, id: string) {
  const { m } = await readable(ctx, id);
  return {
    contentType: m.contentType,
    filename: m.filename,
    size: m.size,
    disposition: INLINE_TYPES.has(m.contentType) ? ('inline' as const) : ('attachment' as const),
    open: (range?: ByteRange) => ctx.deps.storage.get(m.storageKey, range),
  };
}

/** GET /media/get-db/{section}/{id}: the files of one owner, newest first. */
export async function list(ctx: CompanyContext, section: MediaListSection, ownerId: string) {
  const def = SECTIONS[section];
  if (!(await def.ownerExists(ctx.db, ctx.company.id, ownerId))) throw notFound();
  if (!(await def.mayRead(ctx, ownerId))) throw forbidden();
  const hidden = new Set(def.hidden ? await def.hidden(ctx.db, ctx.company.id, ownerId) : []);
  return (await repo.mediaOfOwner(ctx.db, ctx.company.id, section, ownerId))
    .filter((m) => !hidden.has(m.id))
    .map(presentMedia);
}

/**
 * For a feature that makes a file itself (a report's signature) and records it inside its own
 * transaction, after `reserveSpace`: the row (the trigger of migration 0007 counts its bytes).
 */
export const recordFile = (tx: DbOrTx, row: Parameters<typeof repo.insertMedia>[1]) => repo.insertMedia(tx, row);
/** The row of a file, to replace it (its bytes freed by `reserveSpace`, its object removed after commit). */
export const fileRow = (db: DbOrTx, aziendaId: string, id: string) => repo.findMedia(db, aziendaId, id);
/** Deletes a file's row inside the caller's transaction; the caller removes the stored object after commit. */
export const dropFile = (tx: DbOrTx, aziendaId: string, id: string) => repo.deleteMedia(tx, aziendaId, id);

/**
 * POST /media/update: renames a file and/or sets its description. The new
 * name is made safe and keeps the extension of the sniffed type; sections
 * with a fixed name (the profile photo) change only the description.
 */
export async function update(ctx: CompanyContext, body: MediaUpdateRequest) {
  const m = await repo.findMedia(ctx.db, ctx.company.id, body.id);
  const def = m ? sectionOf(m.section) : undefined;
  if (!m || !def) throw notFound('File');
  await def.authorize(ctx, m.ownerId, 'write');
  const ext = def.types.get(m.contentType) ?? m.filename.split('.').pop() ?? 'bin';
  const renamable = !def.single;
  const row = await repo.updateMedia(ctx.db, ctx.company.id, m.id, {
    ...(body.filename !== undefined && renamable ? { filename: safeFilename(body.filename, ext, 'documento') } : {}),
    ...(body.descrizione !== undefined ? { descrizione: body.descrizione || null } : {}),
  });
  if (!row) throw notFound('File');
  return presentMedia(row);
}

export async function remove(ctx: CompanyContext, id: string) {
  const m = await repo.findMedia(ctx.db, ctx.company.id, id);
  const def = m ? sectionOf(m.section) : undefined;
  if (!m || !def) throw notFound('File');
  await def.authorize(ctx, m.ownerId, 'delete');
  await ctx.transaction(async ({ db: tx }) => {
    // Unlinked first: the owner's row (a user's photo, a report's signature) is locked before the
    // usage row the deletion's trigger updates, in the order uploads take them.
    await def.detach(tx, ctx.company.id, m.ownerId, m.id);
    await repo.deleteMedia(tx, ctx.company.id, m.id);
  });
  await removeObjects(ctx.deps, [m.storageKey]);
}
