import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  routes,
  type MediaItem,
  type MediaListSection,
  type MediaUpdateRequest,
  type MediaUrlSection,
} from '@fs/contract';
import { api } from '../../../app/api/client';

/** The storage figure changes with every upload; it is kept a minute at most. */
const STORAGE_STALE_MS = 60_000;

/**
 * A section whose files are listed and uploaded here: the shared ones, and a contract's files
 * (uploaded to `contratto`, listed from `contratti`: GET /media/get-db/contratti/{id}).
 */
export type MediaOwnerSection = MediaListSection | 'contratto';

export const mediaKeys = {
  storage: ['media', 'storage'] as const,
  list: (section: MediaOwnerSection, ownerId: string) => ['media', 'list', section, ownerId] as const,
};

export function useStorageUsage() {
  return useQuery({
    queryKey: mediaKeys.storage,
    staleTime: STORAGE_STALE_MS,
    queryFn: async () => (await api.call(routes.media.usage)).item,
  });
}

/** GET /media/get-db/{section}/{id}: the files of one owner (a machine); `listSection` when the list's path differs. */
export function useMediaList(
  section: MediaOwnerSection,
  ownerId: string | null,
  listSection: MediaListSection | MediaUrlSection = section,
) {
  return useQuery({
    queryKey: mediaKeys.list(section, ownerId ?? ''),
    enabled: !!ownerId,
    staleTime: STORAGE_STALE_MS,
    queryFn: async () => (await api.call(routes.media.list, { params: { section: listSection, id: ownerId! } })).items,
  });
}

function useInvalidate(section: MediaOwnerSection, ownerId: string) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: mediaKeys.list(section, ownerId) });
    await queryClient.invalidateQueries({ queryKey: mediaKeys.storage });
  };
}

export function useUploadMedia(section: MediaOwnerSection, ownerId: string) {
  const invalidate = useInvalidate(section, ownerId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.call(routes.media.insert, { params: { section, id: ownerId }, form });
    },
    onSuccess: invalidate,
  });
}

export function useUpdateMedia(section: MediaOwnerSection, ownerId: string) {
  const invalidate = useInvalidate(section, ownerId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: MediaUpdateRequest) => api.call(routes.media.update, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteMedia(section: MediaOwnerSection, ownerId: string) {
  const invalidate = useInvalidate(section, ownerId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => api.call(routes.media.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** Downloads a file with the bearer header and hands it to the browser under its name. */
export async function downloadMedia(item: MediaItem) {
  const blob = await api.call(routes.media.content, { params: { id: item.id } });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = item.filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
