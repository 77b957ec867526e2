import { createElement, lazy, useState, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { CLIENT } from '@fs/contract';

const KEY = 'fs.chunkReloadAt';

/**
 * A failed code-chunk load (usually a new deploy) reloads the page, at most
 * once per 60 s; sessionStorage keeps the guard across the reload and logout.
 * Returns false when the guard forbids another reload.
 */
export function reloadAfterChunkError(now = Date.now()): boolean {
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (now - last < CLIENT.chunkReloadGuardMs) return false;
  sessionStorage.setItem(KEY, String(now));
  window.location.reload();
  return true;
}

/** A code chunk loaded once, on demand or ahead of need; `loaded` once it has arrived. */
export interface ChunkLoader<T> {
  load: () => Promise<T>;
  readonly loaded: T | undefined;
}

/**
 * One module's chunk: `load()` starts it (at most once; again after a failure), with the reload
 * guard on failure; `loaded` is the module's export once it has arrived.
 */
export function chunk<M extends Record<string, unknown>, K extends keyof M>(
  importer: () => Promise<M>,
  name: K,
): ChunkLoader<M[K]> {
  let loaded: M[K] | undefined;
  let pending: Promise<M[K]> | null = null;
  return {
    load() {
      pending ??= importer().then(
        (module) => (loaded = module[name]),
        (error: unknown) => {
          pending = null;
          if (reloadAfterChunkError()) return new Promise<never>(() => {});
          throw error;
        },
      );
      return pending;
    },
    get loaded() {
      return loaded;
    },
  };
}

/** What a page may start at app start, before it renders: the address and the query cache. */
export interface PageStart {
  search: string;
  queryClient: QueryClient;
}

/** A page component whose code (and, with a start, its first data) can be asked for before it renders. */
export type LazyPage = ComponentType & { preload: (start?: PageStart) => Promise<unknown> };

/**
 * React.lazy for a page module with a named export, with the reload guard, and `preload()`: the
 * app starts the first address's pages with the main bundle (router.tsx, preloadPages) and, given
 * `prepare`, lets the page's module ask for what it will show as soon as the module is there. A page
 * whose chunk has arrived by its first render is rendered at once rather than through React.lazy,
 * so no Suspense fallback shows: React 19 keeps a boundary's fallback on screen for at least 300 ms
 * after it appears, so a fallback for a chunk that is 20 ms away costs 300. `start`, code of the first
 * chunk, asks for the page's first data at once, before the page's code has arrived.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  prepare?: (module: M, start: PageStart) => void,
  start?: (start: PageStart) => void,
): LazyPage {
  let module: M | undefined;
  const part = chunk(async () => (module = await load()), name);
  const Lazy = lazy(async () => ({ default: (await part.load()) as ComponentType }));
  function Page(props: object) {
    // Fixed at the first render: switching from Lazy to the module's component would remount the page.
    const [Component] = useState(() => (part.loaded as ComponentType | undefined) ?? Lazy);
    return createElement(Component, props);
  }
  const preload = async (at?: PageStart) => {
    if (at && start) start(at);
    await part.load();
    if (at && prepare && module) prepare(module, at);
  };
  return Object.assign(Page, { preload });
}
