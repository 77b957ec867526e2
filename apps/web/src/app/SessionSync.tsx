import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sessionStore } from './api/session-store';

/** When the session ends (logout, 0017, failed refresh) the cached server data goes too. */
export function SessionSync() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let hadToken = sessionStore.get().token !== null;
    return sessionStore.subscribe(() => {
      const hasToken = sessionStore.get().token !== null;
      if (hadToken && !hasToken) queryClient.clear();
      hadToken = hasToken;
    });
  }, [queryClient]);
  return null;
}
