/**
 * The prerendered login page's boot script (scripts/prerender-login.mjs, decision 0053) loads the app on the
 * visitor's first interaction. A click on the page's submit button (`data-early-submit`) or Enter in one of its
 * fields before React has taken the page over sets `__fsEarlySubmit`; the page submits it once live, so the
 * visitor's first tap is not lost.
 */
declare global {
  interface Window {
    __fsEarlySubmit?: boolean;
    /** Set once the page is live: the boot script records no more early submits. */
    __fsLive?: boolean;
  }
}

/** Marks the page live and answers (once) whether a submit was asked for before. */
export function takeEarlySubmit(): boolean {
  window.__fsLive = true;
  const asked = window.__fsEarlySubmit === true;
  window.__fsEarlySubmit = false;
  return asked;
}
