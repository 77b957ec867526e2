import { StrictMode } from 'react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/router';
import { renderLogin } from './login';

/**
 * The prerendered login page (decision 0043) shows before its code runs: what a visitor types then is kept when React
 * takes the page over, and is what the form sends (a slow phone used to lose it on the render after hydrating).
 */
describe('the prerendered login page', () => {
  it('keeps what was typed before React took it over', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    root.innerHTML = await renderLogin();
    const field = (label: RegExp) => {
      const id = [...root.querySelectorAll('label')].find((l) => label.test(l.textContent ?? ''))?.htmlFor;
      return document.getElementById(id ?? '') as HTMLInputElement;
    };
    // Typed into the page's HTML before any script ran.
    field(/Partita IVA/).value = '12345670017';
    field(/Nome utente/).value = 'admin';
    field(/^Password/).value = 'segreta';

    const router = createMemoryRouter(routes, { initialEntries: ['/login'] });
    await act(async () => {
      hydrateRoot(
        root,
        <StrictMode>
          <Providers queryClient={createQueryClient()}>
            <RouterProvider router={router} />
          </Providers>
        </StrictMode>,
      );
    });
    // Live now (the page no longer marked disabled), with every render after hydrating done.
    await act(async () => {
      await new Promise((ok) => setTimeout(ok, 50));
    });
    expect(root.querySelector('[aria-disabled="true"]')).toBeNull();
    expect(field(/Partita IVA/).value).toBe('12345670017');
    expect(field(/Nome utente/).value).toBe('admin');
    expect(field(/^Password/).value).toBe('segreta');
    root.remove();
  });
});
