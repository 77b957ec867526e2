import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React renders HTML ahead of time (the prerendered login page, decision 0043) and while
 * it hydrates that HTML; true once the page is live, and from the first render of a page rendered in
 * the browser.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
