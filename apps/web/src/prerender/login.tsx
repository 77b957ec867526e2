/**
 * The login page rendered to HTML at build time (scripts/prerender-login.mjs, decision 0043): the
 * same routes, providers and Italian messages as the app's first render at /login, so main.tsx can
 * hydrate it. Runs in Node under jsdom's globals (the app's modules read the cookie and storage when
 * they load); never part of the browser's bundle.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18n, { i18nReady } from '../app/i18n';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/router';

export const PRERENDERED_PATH = '/login';

/** The HTML of `#root` at /login for a visitor without a session or a language cookie. */
export async function renderLogin(): Promise<string> {
  await i18nReady;
  const router = createMemoryRouter(routes, { initialEntries: [PRERENDERED_PATH] });
  return renderToString(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

/** The page's title, as usePageTitle sets it once the app runs. */
export function loginTitle(): string {
  const text = `${i18n.t('login.title')} · ${i18n.t('app.title')}`;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}
