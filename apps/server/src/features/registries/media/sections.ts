import { can } from '@fs/contract';
import type { MediaSection } from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';
import { isAdmin, NOBODY, ownIdOf } from '../../../platform/auth/principal.js';
import type { Config } from '../../../config.js';
import type { DbOrTx } from '../../../platform/db/client.js';
import { forbidden, notFound } from '../../../platform/errors.js';
import * as repo from './repo.js';

/** Photos: sniffed image types → extension. SVG is never accepted (it can carry scripts). */
export const IMAGES = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/webp', 'webp'],
  ['image/gif', 'gif'],
]);

/**
 * Documents: images, PDF and office files (OOXML, OpenDocument; the legacy OLE
 * Office formats are not taken: they are the usual carriers of macros).
 * Plain text and HTML have no signature to sniff and are refused.
 */
export const DOCUMENTS = new Map([
  ...IMAGES,
  ['application/pdf', 'pdf'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx'],
  ['application/vnd.oasis.opendocument.text', 'odt'],
  ['application/vnd.oasis.opendocument.spreadsheet', 'ods'],
  ['application/vnd.oasis.opendocument.presentation', 'odp'],
]);

/** Types a browser may show inline; everything else downloads as an attachment. */
export const INLINE_TYPES = new Set([...IMAGES.keys(), 'application/pdf']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a media section is: which files it takes, who may add, read and remove
 * them, and how a file is linked to its owner.
 */
export interface SectionDefinition {
  /** Accepted types, sniffed from the content (never the declared type): MIME → extension. */
  types: Map<string, string>;
  maxBytes(config: Config): number;
  /** One file per owner: a new one replaces the previous. */
  single: boolean;
  /** Name the file is stored with: fixed (`foto.png`) or the uploaded name, made safe. */
  filename(ext: string, uploaded: string | undefined): string;
  /** Throws NOT_FOUND when the owner is not the company's, FORBIDDEN when the principal may not do `action`. */
  authorize(ctx: CompanyContext, ownerId: string, action: 'write' | 'delete'): Promise<void>;
  /** Whether the principal may download or list files of this section (owner already known to be the company's). */
  mayRead(ctx: CompanyContext, ownerId: string): boolean | Promise<boolean>;
  /** Whether the owner exists in the company (listing). */
  ownerExists(db: DbOrTx, aziendaId: string, ownerId: string): Promise<boolean>;
  /**
   * In the insert's transaction, before the quota's lock: locks the owner's row (repo.lockOwnerRow) so
   * that a deletion of the owner cannot slip between the checks and the new row (issue 22), and checks
   * again that the owner is there and takes files (NOT_FOUND, FORBIDDEN).
   */
  lockOwner(tx: DbOrTx, aziendaId: string, ownerId: string): Promise<void>;
  /** Links a new file to its owner, in the insert's transaction. */
  attach(db: DbOrTx, aziendaId: string, ownerId: string, mediaId: string): Promise<void>;
  /** Unlinks a file being deleted, in the delete's transaction. */
  detach(db: DbOrTx, aziendaId: string, ownerId: string, mediaId: string): Promise<void>;
  /** Files of the owner left out of its list (shown elsewhere: a report's signature). */
  hidden?(db: DbOrTx, aziendaId: string, ownerId: string): Promise<string[]>;
}

/** Characters never kept in a stored name: path separators, controls, quotes and reserved punctuation. */
export function safeFilename(name: string | undefined, ext: string, fallback: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
    .replace(/[\u0000-\u001f\u007f"<>:|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  const stem =
    base
      .replace(/\.[^.]{1,10}$/, '')
      .slice(0, 180)
      .trim() || fallback;
  return `${stem}.${ext}`;
}

/**
 * A file name as browsers send it in multipart/form-data: the HTML standard
 * writes `"` as %22 and line breaks as %0D / %0A. Decoded before `safeFilename`.
 */
export function fromMultipart(name: string | undefined): string | undefined {
  return name?.replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
}

/** The profile photo: one per user; oneself, or with gestione_tecnici write (admins' only by admins). */
const utente: SectionDefinition = {
  types: IMAGES,
  maxBytes: (config) => config.MEDIA_MAX_BYTES,
  single: true,
  filename: (ext) => `foto.${ext}`,
  async authorize(ctx, ownerId) {
    const { principal } = ctx;
    const user = UUID.test(ownerId) ? await repo.findUserRole(ctx.db, ctx.company.id, ownerId) : undefined;
    if (!user) throw notFound('Utente');
    if (ownerId === ownIdOf(principal)) return;
    if (!can(principal.permissions, 'gestione_tecnici', 'write')) throw forbidden();
    if (user.role === 'admin' && !isAdmin(principal)) throw forbidden();
  },
  // Colleagues' photos appear in lists and on the planner: any user of the company sees them.
  mayRead: () => true,
  ownerExists: async (db, aziendaId, ownerId) =>
    UUID.test(ownerId) && !!(await repo.findUserRole(db, aziendaId, ownerId)),
  // The row is updated (its photo): locked for that at once, so two uploads cannot deadlock upgrading a share.
  lockOwner: async (tx, aziendaId, ownerId) => {
    if (!(await repo.lockOwnerRow(tx, 'utenti', aziendaId, ownerId, 'update'))) throw notFound('Utente');
  },
  attach: (db, aziendaId, ownerId, mediaId) => repo.setUserPhoto(db, aziendaId, ownerId, mediaId),
  detach: (db, aziendaId, ownerId) => repo.setUserPhoto(db, aziendaId, ownerId, null),
};

/**
 * A machine's photos and documents (manuals, certificates): many per machine.
 * Reading needs clienti_macchinari read; adding and renaming write; removing delete.
 */
const macchinario: SectionDefinition = {
  types: DOCUMENTS,
  maxBytes: (config) => config.MEDIA_DOC_MAX_BYTES,
  single: false,
  filename: (ext, uploaded) => safeFilename(fromMultipart(uploaded), ext, 'documento'),
  async authorize(ctx, ownerId, action) {
    if (!(await this.ownerExists(ctx.db, ctx.company.id, ownerId))) throw notFound('Macchinario');
    if (!can(ctx.principal.permissions, 'clienti_macchinari', action)) throw forbidden();
  },
  mayRead: (ctx) => can(ctx.principal.permissions, 'clienti_macchinari', 'read'),
  ownerExists: async (db, aziendaId, ownerId) =>
    UUID.test(ownerId) && (await repo.machineExists(db, aziendaId, ownerId)),
  lockOwner: async (tx, aziendaId, ownerId) => {
    if (!(await repo.lockOwnerRow(tx, 'macchinari', aziendaId, ownerId))) throw notFound('Macchinario');
  },
  attach: async () => undefined,
  detach: async () => undefined,
};

/** A report takes new attachments while it exists and is not completed (checked again under the lock). */
async function lockReport(tx: DbOrTx, aziendaId: string, ownerId: string): Promise<void> {
  const report = await repo.lockOwnerRow(tx, 'rapportini', aziendaId, ownerId);
  if (!report) throw notFound('Rapportino');
  if (report.completato) throw forbidden('Rapportino completato: allegati non modificabili');
}

/**
 * A work report's attachments (photos from the phone's camera, documents): gestione_interventi write
 * on company data, or on own data for a report the user is assigned to; removing needs delete. A
 * completed report takes no new file and loses none.
 */
const rapportino: SectionDefinition = {
  types: DOCUMENTS,
  maxBytes: (config) => config.MEDIA_DOC_MAX_BYTES,
  single: false,
  filename: (ext, uploaded) => safeFilename(fromMultipart(uploaded), ext, 'allegato'),
  async authorize(ctx, ownerId, action) {
    const { permissions } = ctx.principal;
    const report = UUID.test(ownerId)
      ? await repo.reportOf(ctx.db, ctx.company.id, ownerId, ownIdOf(ctx.principal))
      : undefined;
    const company = can(permissions, 'gestione_interventi', action, 'company');
    if (!report || (!report.assigned && !company && !can(permissions, 'dati_colleghi', 'read'))) {
      throw notFound('Rapportino');
    }
    if (!company && !(report.assigned && can(permissions, 'gestione_interventi', action, 'user'))) throw forbidden();
    if (report.completato) throw forbidden('Rapportino completato: allegati non modificabili');
  },
  mayRead: (ctx) => can(ctx.principal.permissions, 'gestione_interventi', 'read'),
  ownerExists: async (db, aziendaId, ownerId) =>
    UUID.test(ownerId) && !!(await repo.reportOf(db, aziendaId, ownerId, NOBODY)),
  lockOwner: lockReport,
  attach: async () => undefined,
  // The customer's signature is a file of the report too (issue 12): removing it unsigns the report.
  detach: (db, aziendaId, ownerId, mediaId) => repo.clearReportSignature(db, aziendaId, ownerId, mediaId),
  // ...but it is not one of the attachments: the acceptance section shows it.
  hidden: async (db, aziendaId, ownerId) => {
    const id = await repo.reportSignatureMedia(db, aziendaId, ownerId);
    return id ? [id] : [];
  },
};

/**
 * A contract's documents (the signed contract, annexes, photos): many per contract, the spec's
 * GET /media/get-db/contratti/{id}. Reading needs contratti read; adding and renaming write; removing delete.
 */
const contratto: SectionDefinition = {
  types: DOCUMENTS,
  maxBytes: (config) => config.MEDIA_DOC_MAX_BYTES,
  single: false,
  filename: (ext, uploaded) => safeFilename(fromMultipart(uploaded), ext, 'documento'),
  async authorize(ctx, ownerId, action) {
    if (!(await this.ownerExists(ctx.db, ctx.company.id, ownerId))) throw notFound('Contratto');
    if (!can(ctx.principal.permissions, 'contratti', action)) throw forbidden();
  },
  mayRead: (ctx) => can(ctx.principal.permissions, 'contratti', 'read'),
  ownerExists: async (db, aziendaId, ownerId) =>
    UUID.test(ownerId) && (await repo.contractExists(db, aziendaId, ownerId)),
  lockOwner: async (tx, aziendaId, ownerId) => {
    if (!(await repo.lockOwnerRow(tx, 'contratti', aziendaId, ownerId))) throw notFound('Contratto');
  },
  attach: async () => undefined,
  detach: async () => undefined,
};

export const SECTIONS: Record<MediaSection, SectionDefinition> = { utente, macchinario, rapportino, contratto };

/** Reading a report's files follows reading the report: one's own, or the company's or colleagues' reports. */
export async function mayReadReport(ctx: CompanyContext, ownerId: string): Promise<boolean> {
  const { permissions } = ctx.principal;
  if (!can(permissions, 'gestione_interventi', 'read')) return false;
  const report = UUID.test(ownerId)
    ? await repo.reportOf(ctx.db, ctx.company.id, ownerId, ownIdOf(ctx.principal))
    : undefined;
  return (
    !!report &&
    (report.assigned ||
      can(permissions, 'gestione_interventi', 'read', 'company') ||
      can(permissions, 'dati_colleghi', 'read'))
  );
}

/**
 * The printed report (operations/reports/report-pdf.ts): made by the server, never uploaded, renamed or
 * deleted by hand (it is made again when the report changes). Read as the report is: gestione_interventi
 * read, and the report is one's own or the user sees the company's or colleagues' reports.
 */
const rapportinoPdf: SectionDefinition = {
  types: new Map([['application/pdf', 'pdf']]),
  maxBytes: (config) => config.MEDIA_DOC_MAX_BYTES,
  single: true,
  filename: (ext) => `rapportino.${ext}`,
  authorize: async () => {
    throw forbidden('Documento generato: non si modifica né si elimina');
  },
  mayRead: (ctx, ownerId) => mayReadReport(ctx, ownerId),
  ownerExists: async (db, aziendaId, ownerId) =>
    UUID.test(ownerId) && !!(await repo.reportOf(db, aziendaId, ownerId, NOBODY)),
  // The printed report of a completed report is made too (it is kept): only its existence counts.
  lockOwner: async (tx, aziendaId, ownerId) => {
    if (!(await repo.lockOwnerRow(tx, 'rapportini', aziendaId, ownerId))) throw notFound('Rapportino');
  },
  attach: async () => undefined,
  detach: async () => undefined,
};

/** Sections of files the server generates: served and counted like the others, never uploaded. */
export const GENERATED_SECTIONS = { 'rapportino-pdf': rapportinoPdf } as const;
export type GeneratedSection = keyof typeof GENERATED_SECTIONS;

export function sectionOf(name: string): SectionDefinition | undefined {
  if (Object.prototype.hasOwnProperty.call(SECTIONS, name)) return SECTIONS[name as MediaSection];
  return Object.prototype.hasOwnProperty.call(GENERATED_SECTIONS, name)
    ? GENERATED_SECTIONS[name as GeneratedSection]
    : undefined;
}
