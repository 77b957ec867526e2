import { useEffect, useState } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { isApiError } from './errors';

/**
 * An authenticated image (company logo, profile photo) as an object URL:
 * plain <img src> cannot send the bearer header. `load` is a typed call of a file route
 * (`() => api.call(routes.media.content, { params: { id } })`), null when there is nothing to show.
 * A 404 means "no image".
 */
export function useBlobUrl(queryKey: QueryKey, load: (() => Promise<Blob>) | null, staleTime: number) {
  const query = useQuery({
    queryKey,
    enabled: load !== null,
    staleTime,
    retry: false,
    meta: { silent: true },
    queryFn: async () => {
      try {
        return await load!();
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(query.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [query.data]);
  return { url, isLoading: query.isLoading };
}
