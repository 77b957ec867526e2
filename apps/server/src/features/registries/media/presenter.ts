import type { MediaItem } from '@fs/contract';
import type { MediaRow } from './repo.js';

export function presentMedia(m: MediaRow): MediaItem {
  return {
    id: m.id,
    section: m.section,
    owner_id: m.ownerId,
    filename: m.filename,
    content_type: m.contentType,
    size: m.size,
    descrizione: m.descrizione ?? null,
    uploaded_by: m.uploadedBy ?? null,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
}
