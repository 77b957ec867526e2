import { lazy, type ComponentType } from 'react';
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

/** React.lazy for a page module with a named export, with the reload guard. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => {
    try {
      const module = await load();
      return { default: module[name] as ComponentType };
    } catch (error) {
      if (reloadAfterChunkError()) return new Promise<never>(() => {});
      throw error;
    }
  });
}
