import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import i18n, { i18nReady } from './app/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
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
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  // The login page's HTML, prerendered at build time (decision 0043), is taken over rather than drawn
  // again, in a transition so React hydrates it in slices that leave the main thread free; any other
  // case (a session, another language) draws the app in its place.
  if (canHydrate(root)) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
});

function canHydrate(root: HTMLElement): boolean {
  return root.dataset.prerendered === window.location.pathname && !signedIn && i18n.language === root.dataset.lang;
}
