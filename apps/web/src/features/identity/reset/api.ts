import { useMutation } from '@tanstack/react-query';
import { routes } from '@fs/contract';
import { api } from '../../../app/api/client';
import { isApiError } from '../../../app/api/errors';

/** An unknown address answers 404: the page shows the same neutral message as success. */
export function useRequestReset() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (email: string) => {
      try {
        await api.call(routes.passwordReset.requestReset, { body: { email } });
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
    mutationFn: (body: { token: string; password: string }) => api.call(routes.passwordReset.confirmReset, { body }),
  });
}
