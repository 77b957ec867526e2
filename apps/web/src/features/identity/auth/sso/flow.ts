import { SSO, type SsoTarget } from '@fs/contract';

/**
 * The browser's part of single sign-on. The server keeps the PKCE verifier and
 * the nonce; this tab keeps only the attempt handle (sessionStorage: this tab,
 * gone when it closes) and where to go after signing in.
 */
const KEY = 'fs.sso';

export interface PendingSso {
  attempt: string;
  target: SsoTarget;
  /** redirectAfterLogin of the login page, when there was one. */
  redirect: string | null;
  startedAt: number;
}

export function savePending(p: PendingSso, storage: Storage = sessionStorage): void {
  storage.setItem(KEY, JSON.stringify(p));
}

/** Reads and forgets the pending attempt: a handle is used once. Stale or malformed ones answer null. */
export function takePending(storage: Storage = sessionStorage, now = Date.now()): PendingSso | null {
  const raw = storage.getItem(KEY);
  storage.removeItem(KEY);
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as Partial<PendingSso>;
    if (typeof p.attempt !== 'string' || (p.target !== 'web' && p.target !== 'app')) return null;
    if (typeof p.startedAt !== 'number' || now - p.startedAt > SSO.attemptTtlMs) return null;
    return {
      attempt: p.attempt,
      target: p.target,
      redirect: typeof p.redirect === 'string' ? p.redirect : null,
      startedAt: p.startedAt,
    };
  } catch {
    return null;
  }
}

export type SsoReturn =
  { kind: 'code'; code: string; state: string; iss?: string } | { kind: 'error'; error: string; state: string | null };

/** What the provider put on the return address, or null when this is not a return from it. */
export function readReturn(search: URLSearchParams): SsoReturn | null {
  const state = search.get('state');
  const code = search.get('code');
  const error = search.get('error');
  if (code && state !== null) {
    const iss = search.get('iss');
    return { kind: 'code', code, state, ...(iss ? { iss } : {}) };
  }
  if (error) return { kind: 'error', error, state };
  return null;
}

/** The login page address without the provider's parameters, keeping redirectAfterLogin. */
export function cleanLoginPath(pathname: string, redirect: string | null): string {
  return redirect ? `${pathname}?redirectAfterLogin=${encodeURIComponent(redirect)}` : pathname;
}
