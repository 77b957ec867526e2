import { useMutation } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { isApiError } from '../../../app/api/errors';

/** An unknown address answers 404: the page shows the same neutral message as success. */
export function useRequestReset() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (email: string) => {
      try {
        await api.post('/api/utenti/utente/reset-password/init', { email }, { isPublic: true });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return;
        throw error;
      }
    },
  });
}

export function useConfirmReset() {
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: { token: string; password: string }) =>
      api.post('/api/utenti/utente/reset-password/confirm', body, { isPublic: true }),
  });
}
