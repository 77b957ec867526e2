import type { Readable } from 'node:stream';
import type { Company } from '@fs/contract';
import type { z } from 'zod';
import type { companyUpdateRequest } from '@fs/contract';
import { AppError, notFound } from '../../../platform/errors.js';
import type { CompanyContext } from '../../../platform/context.js';
import { removeObjects } from '../../../platform/storage-removals.js';
import * as repo from './repo.js';
import { toAzienda } from './presenter.js';
import { reserveSpace } from '../../registries/index.js';

/** Logo formats accepted, by sniffed content (never by the declared type or name). */
const LOGO_TYPES = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/webp', 'webp'],
  ['image/gif', 'gif'],
]);

export async function getCompany(ctx: CompanyContext): Promise<Company> {
  const aziendaId = ctx.company.id;
  const c = await repo.findCompany(ctx.db, aziendaId);
  if (!c) throw notFound('Azienda');
  return toAzienda(c);
}

export async function updateCompany(
  ctx: CompanyContext,
  input: z.output<typeof companyUpdateRequest>,
): Promise<Company> {
  const aziendaId = ctx.company.id;
  if (await repo.findOtherByPiva(ctx.db, aziendaId, input.partita_iva)) {
    throw new AppError('CONFLICT', "Partita IVA già registrata da un'altra azienda", [
      { path: 'partita_iva', message: 'Partita IVA già registrata' },
    ]);
  }
  const row = await repo.updateCompany(ctx.db, aziendaId, {
    ragioneSociale: input.ragione_sociale,
    partitaIva: input.partita_iva,
    codiceFiscale: input.codice_fiscale ?? null,
    mailPrincipale: input.mailPrincipale,
    pec: input.pec ?? null,
    codiceDestinatario: input.codice_destinatario ?? null,
    emails: input.emails,
    telefono: input.telefono ?? null,
    indirizzo: input.indirizzo ?? null,
    citta: input.citta ?? null,
    provincia: input.provincia?.toUpperCase() ?? null,
    cap: input.cap ?? null,
    nazione: input.nazione,
    timezone: input.timezone,
    linguaDefault: input.lingua_default,
  });
  if (!row) throw notFound('Azienda');
  return toAzienda(row);
}

/**
 * Streams an uploaded logo to storage after sniffing its first bytes, then
 * swaps it in with one transaction; the old file goes once the swap is done.
 */
export async function replaceLogo(ctx: CompanyContext, upload: Readable): Promise<{ id: string }> {
  const aziendaId = ctx.company.id;
  const { fileTypeStream } = await import('file-type'); // loaded with the first upload, not at start
  const typed = await fileTypeStream(upload);
  const mime = typed.fileType?.mime;
  const ext = mime ? LOGO_TYPES.get(mime) : undefined;
  if (!mime || !ext) {
    upload.resume();
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', "Il logo deve essere un'immagine PNG, JPEG, WebP o GIF");
  }
  const stored = await ctx.deps.storage.put(aziendaId, typed);
  try {
    // The multipart limit cuts the stream short rather than failing it.
    if ((upload as Readable & { truncated?: boolean }).truncated) {
      throw new AppError('PAYLOAD_TOO_LARGE', `Il logo supera ${Math.round(ctx.deps.config.LOGO_MAX_BYTES / 1024)} KB`);
    }
    const { id, oldKey } = await ctx.transaction(async ({ db: tx }) => {
      // The logo counts toward the storage quota like any file: refused when it does not fit.
      const [old] = await reserveSpace(tx, aziendaId, stored.size, async () => {
        const company = await repo.findCompany(tx, aziendaId);
        if (!company) throw notFound('Azienda');
        const current = company.logoMediaId ? await repo.findMedia(tx, aziendaId, company.logoMediaId) : undefined;
        return current ? [current] : [];
      });
      const m = await repo.insertMedia(tx, {
        aziendaId,
        section: 'azienda-logo',
        ownerId: aziendaId,
        filename: `logo.${ext}`,
        contentType: mime,
        size: stored.size,
        storageKey: stored.key,
      });
      await repo.updateCompany(tx, aziendaId, { logoMediaId: m.id });
      if (old) await repo.deleteMedia(tx, aziendaId, old.id);
      return { id: m.id, oldKey: old?.storageKey };
    });
    if (oldKey) await removeObjects(ctx.deps, [oldKey]);
    return { id };
  } catch (e) {
    await ctx.deps.storage.remove(stored.key);
    throw e;
  }
}

export async function getLogo(ctx: CompanyContext) {
  const aziendaId = ctx.company.id;
  const company = await repo.findCompany(ctx.db, aziendaId);
  const m = company?.logoMediaId ? await repo.findMedia(ctx.db, aziendaId, company.logoMediaId) : undefined;
  if (!m) throw notFound('Logo');
  return {
    contentType: m.contentType,
    filename: m.filename,
    size: m.size,
    body: await ctx.deps.storage.get(m.storageKey),
  };
}
