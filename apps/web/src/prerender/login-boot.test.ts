import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * The prerendered login page's boot script (scripts/prerender-login.mjs, decision 0053): the app's code waits for the
 * visitor's first interaction, unless a session is stored or the page is the SSO provider's return.
 */
const SCRIPT = '../../../../scripts/prerender-login.mjs';
type Boot = (entry: string, preloads: string[], styles: string[]) => string;

async function boot(search = '') {
  const { loginBootScript } = (await import(/* @vite-ignore */ new URL(SCRIPT, import.meta.url).href)) as {
    loginBootScript: Boot;
  };
  window.history.replaceState(null, '', `/login${search}`);
  document.head.innerHTML = '';
  document.body.innerHTML =
    '<form><input id="piva"><button type="button" data-early-submit>Accedi</button></form><a href="/x">x</a>';
  // Its listeners are removed once it starts: each test runs a fresh copy.
  new Function(loginBootScript('/assets/index-1.js', ['/assets/react-2.js'], ['/assets/index-3.css']))();
}
const added = (sel: string) =>
  [...document.head.querySelectorAll<HTMLElement>(sel)].map((e) => e.getAttribute('src') ?? e.getAttribute('href'));

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete window.__fsEarlySubmit;
  delete window.__fsLive;
});

describe('the login page boot script', () => {
  it('starts nothing until the visitor interacts, then the app with its preloads and stylesheets, once', async () => {
    await boot();
    expect(added('script')).toEqual([]);
    window.dispatchEvent(new Event('load'));
    expect(added('link[rel="prefetch"]')).toEqual(['/assets/index-3.css', '/assets/react-2.js', '/assets/index-1.js']);
    document.getElementById('piva')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(added('script[type="module"]')).toEqual(['/assets/index-1.js']);
    expect(added('link[rel="modulepreload"]')).toEqual(['/assets/react-2.js']);
    expect(added('link[rel="stylesheet"]')).toEqual(['/assets/index-3.css']);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'a' }));
    expect(added('script[type="module"]')).toHaveLength(1);
  });

  it('keeps a tap on the submit button or Enter in a field before the page is live, and nothing after', async () => {
    await boot();
    document.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(window.__fsEarlySubmit).toBeUndefined();
    document.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(window.__fsEarlySubmit).toBe(true);
    window.__fsEarlySubmit = false;
    document.getElementById('piva')!.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'Enter' }));
    expect(window.__fsEarlySubmit).toBe(true);
    window.__fsEarlySubmit = false;
    window.__fsLive = true;
    document.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(window.__fsEarlySubmit).toBe(false);
  });

  it('starts at once with a stored session or on the return from the SSO provider', async () => {
    localStorage.setItem('fs.token', 'x');
    await boot();
    expect(added('script[type="module"]')).toEqual(['/assets/index-1.js']);
    localStorage.clear();
    await boot('?code=abc&state=ACCESS-RL');
    expect(added('script[type="module"]')).toEqual(['/assets/index-1.js']);
    await boot('?piva=12345670017');
    expect(added('script[type="module"]')).toEqual([]);
  });
});
