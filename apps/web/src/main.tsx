import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { i18nReady } from './app/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { reloadAfterChunkError } from './app/lazy-page';

// Vite reports a failed preload of a dependency chunk here (e.g. after a new deploy).
window.addEventListener('vite:preloadError', () => {
  reloadAfterChunkError();
});

// The first render waits for the interface language's messages (one small chunk).
void i18nReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
