import { can } from '@fs/contract';
import type { MediaSection } from '@fs/contract';
import type { Actor } from '../../platform/auth/actor.js';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { forbidden, notFound } from '../../platform/errors.js';
import * as repo from './repo.js';

const IMAGES = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/webp', 'webp'],
  ['image/gif', 'gif'],
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a media section is: which files it takes, who may add, read and remove
 * them, and how a file is linked to its owner. Issue 4 adds sections (reports,
 * customers, ...) and the storage quota check here.
 */
export interface SectionDefinition {
  /** Accepted types, sniffed from the content (never the declared type): MIME → extension. */
  types: Map<string, string>;
  maxBytes(config: Config): number;
  /** One file per owner: a new one replaces the previous. */
  single: boolean;
  /** Name the file is served with. */
  filename(ext: string): string;
  /** Throws NOT_FOUND when the owner is not the company's, FORBIDDEN when the actor may not change its files. */
  authorizeWrite(db: DbOrTx, actor: Actor, ownerId: string): Promise<void>;
  /** Whether the actor may download a file of this section. */
  mayRead(actor: Actor, ownerId: string): boolean;
  /** Links a new file to its owner, in the insert's transaction. */
  attach(db: DbOrTx, aziendaId: string, ownerId: string, mediaId: string): Promise<void>;
  /** Unlinks a file being deleted, in the delete's transaction. */
  detach(db: DbOrTx, aziendaId: string, ownerId: string, mediaId: string): Promise<void>;
}

/** The profile photo: one per user; oneself, or with gestione_tecnici write (admins' only by admins). */
const utente: SectionDefinition = {
  types: IMAGES,
  maxBytes: (config) => config.MEDIA_MAX_BYTES,
  single: true,
  filename: (ext) => `foto.${ext}`,
  async authorizeWrite(db, actor, ownerId) {
    const user = UUID.test(ownerId) ? await repo.findUserRole(db, actor.aziendaId, ownerId) : undefined;
    if (!user) throw notFound('Utente');
    if (ownerId === actor.userId) return;
    if (!can(actor.permissions, 'gestione_tecnici', 'write')) throw forbidden();
    if (user.role === 'admin' && actor.role !== 'admin') throw forbidden();
  },
  // Colleagues' photos appear in lists and on the planner: any user of the company sees them.
  mayRead: () => true,
  attach: (db, aziendaId, ownerId, mediaId) => repo.setUserPhoto(db, aziendaId, ownerId, mediaId),
  detach: (db, aziendaId, ownerId) => repo.setUserPhoto(db, aziendaId, ownerId, null),
};

export const SECTIONS: Record<MediaSection, SectionDefinition> = { utente };
