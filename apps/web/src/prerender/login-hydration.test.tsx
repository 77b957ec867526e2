import { StrictMode } from 'react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/router';
import { renderLogin } from './login';

/**
 * The prerendered login page (decision 0043) shows before its code runs: what a visitor types then is kept when React
 * takes the page over, and is what the form sends (a slow phone used to lose it on the render after hydrating).
 */
async function prerenderedPage() {
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
  const hydrate = async () => {
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
  };
  return { root, field, hydrate };
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__fsEarlySubmit;
  delete window.__fsLive;
});

describe('the prerendered login page', () => {
  it('keeps what was typed before React took it over', async () => {
    const { root, field, hydrate } = await prerenderedPage();
    await hydrate();
    expect(root.querySelector('[aria-disabled="true"]')).toBeNull();
    expect(field(/Partita IVA/).value).toBe('12345670017');
    expect(field(/Nome utente/).value).toBe('admin');
    expect(field(/^Password/).value).toBe('segreta');
    root.remove();
  });

  it('sends a sign-in asked for before it was live (the boot script kept the tap) once, and no other', async () => {
    const sent: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null });
      return new Response(JSON.stringify({ success: false, code: '0001', message: 'no' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    });
    const { root, hydrate } = await prerenderedPage();
    // What the boot script records for a click on [data-early-submit] before React runs.
    expect(root.querySelector('button[data-early-submit]')).not.toBeNull();
    window.__fsEarlySubmit = true;
    await hydrate();
    await act(async () => {
      await new Promise((ok) => setTimeout(ok, 50));
    });
    const logins = sent.filter((r) => r.url.includes('/login'));
    expect(logins).toHaveLength(1);
    expect(logins[0]!.body).toMatchObject({ piva: '12345670017', username: 'admin', password: 'segreta' });
    expect(window.__fsLive).toBe(true);
    expect(window.__fsEarlySubmit).toBe(false);
    root.remove();
  });

  it('sends nothing by itself when nothing was asked for before it was live', async () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      sent.push(String(url));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const { root, hydrate } = await prerenderedPage();
    await hydrate();
    expect(sent.filter((u) => u.includes('/login'))).toEqual([]);
    root.remove();
  });
});
