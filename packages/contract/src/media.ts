import { z } from 'zod';

/**
 * Media files and storage space (spec operations sections 3, 7, 9): the
 * sections a file can belong to, the wire shapes of the media list, of
 * POST /media/update and of the storage-space answer.
 */
export const MEDIA_SECTIONS = ['utente', 'macchinario', 'rapportino', 'contratto'] as const;
export type MediaSection = (typeof MEDIA_SECTIONS)[number];

/** Sections whose files are listed by GET /media/get-db/{section}/{id}. */
export const MEDIA_LIST_SECTIONS = ['macchinario', 'rapportino', 'contratto'] as const;
export type MediaListSection = (typeof MEDIA_LIST_SECTIONS)[number];

/**
 * Section names a URL may use instead of the section's own (the spec's GET /media/get-db/contratti/{id}):
 * the URL name → the section.
 */
export const MEDIA_URL_SECTIONS = { contratti: 'contratto' } as const satisfies Record<string, MediaListSection>;
export type MediaUrlSection = keyof typeof MEDIA_URL_SECTIONS;

/** The section a URL names (its own name, or an alias of MEDIA_URL_SECTIONS). */
export function mediaSectionOfUrl<S extends MediaSection>(name: S | MediaUrlSection): S | 'contratto' {
  return Object.prototype.hasOwnProperty.call(MEDIA_URL_SECTIONS, name)
    ? MEDIA_URL_SECTIONS[name as MediaUrlSection]
    : (name as S);
}

/** Every section of the storage breakdown: the upload sections plus the company logo. */
/** The report's own file lists (its attachments, its stored PDF), read and removed as the report is. */
export const REPORT_FILE_SECTIONS = ['rapportino', 'rapportino-pdf'] as const;
export const STORAGE_SECTIONS = ['utente', 'macchinario', 'rapportino', 'contratto', 'azienda-logo'] as const;

export const FILENAME_MAX = 200;
export const DESCRIPTION_MAX = 1000;

export const mediaItem = z.object({
  id: z.string(),
  section: z.string(),
  owner_id: z.string(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  descrizione: z.string().nullable(),
  uploaded_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MediaItem = z.infer<typeof mediaItem>;

/** Renames a file and/or changes its description; the extension always follows the sniffed type. */
export const mediaUpdateRequest = z
  .object({
    id: z.string().uuid(),
    filename: z.string().trim().min(1).max(FILENAME_MAX).optional(),
    descrizione: z.string().trim().max(DESCRIPTION_MAX).nullable().optional(),
  })
  .strict()
  .refine((v) => v.filename !== undefined || v.descrizione !== undefined, {
    message: 'Indicare filename o descrizione',
    path: ['filename'],
  });
export type MediaUpdateRequest = z.input<typeof mediaUpdateRequest>;

export const storageUsage = z.object({
  used_bytes: z.number().int(),
  limit_bytes: z.number().int(),
  free_bytes: z.number().int(),
  included_bytes: z.number().int(),
  slot_bytes: z.number().int(),
  slots: z.number().int(),
  sections: z.array(z.object({ section: z.string(), files: z.number().int(), bytes: z.number().int() })),
  recalculated_at: z.string().nullable(),
});
export type StorageUsage = z.infer<typeof storageUsage>;
