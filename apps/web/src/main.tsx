import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { i18nReady } from './app/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { isSignedIn } from './app/api/session-store';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { preloadPages, router } from './app/router';
import { reloadAfterChunkError } from './app/lazy-page';
import { permissionsQuery } from './app/session/api';

// Vite reports a failed preload of a dependency chunk here (e.g. after a new deploy).
window.addEventListener('vite:preloadError', () => {
  reloadAfterChunkError();
});

const queryClient = createQueryClient();
// While the language's messages load: the address's pages' code and, signed in, the permissions
// (every signed-in page waits for them), all at once rather than each after the one before; a page
// may then ask for its first data (lazyPage's prepare).
const signedIn = isSignedIn();
if (signedIn) void queryClient.prefetchQuery(permissionsQuery);
const pages = preloadPages(window.location.pathname, signedIn, { search: window.location.search, queryClient });

// The first render waits for the interface language's messages (one small chunk) and the address's
// pages' code: a page rendered before its code has arrived would show a Suspense fallback, which
// React 19 keeps for at least 300 ms (see lazyPage), while the chunks are a few ms away. Until then
// index.html's static shell shows.
void Promise.all([i18nReady.catch(() => {}), pages]).finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
