import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import i18n from './i18n';
import { errorText, isApiError } from './api/errors';
import { notify } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** 401s are the session's business (the client redirects): ignored silently here. */
function isSessionError(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

function loadFailed(error: unknown): string {
  return i18n.t('errors.loadFailed', { error: errorText(i18n.t, error) });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      // Pages show first-load failures themselves; a failed background refresh gets a toast.
      onError: (error, query) => {
        if (query.meta?.silent || isSessionError(error) || query.state.data === undefined) return;
        notify.error(loadFailed(error));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.silent || mutation.options.onError || isSessionError(error)) return;
        notify.error(errorText(i18n.t, error));
      },
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export { loadFailed };
