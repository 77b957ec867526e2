import type { SessionUser } from '@fs/contract';

/**
 * What the browser keeps of the session: the signed-in user and the two tokens,
 * in localStorage (spec: "logout clears all local storage"). A tiny external
 * store so React components re-render when it changes (useSyncExternalStore).
 */
export interface StoredSession {
  user: SessionUser | null;
  token: string | null;
  refreshToken: string | null;
}

const KEYS = { user: 'fs.user', token: 'fs.token', refreshToken: 'fs.refreshToken' } as const;
const listeners = new Set<() => void>();
let snapshot: StoredSession | null = null;

function read(): StoredSession {
  let user: SessionUser | null;
  try {
    const raw = localStorage.getItem(KEYS.user);
    user = raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    user = null;
  }
  return {
    user,
    token: localStorage.getItem(KEYS.token),
    refreshToken: localStorage.getItem(KEYS.refreshToken),
  };
}

function emit(): void {
  snapshot = null;
  listeners.forEach((l) => l());
}

function write(key: string, value: string | null): void {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
}

export const sessionStore = {
  get(): StoredSession {
    snapshot ??= read();
    return snapshot;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setTokens(token: string, refreshToken: string): void {
    write(KEYS.token, token);
    write(KEYS.refreshToken, refreshToken);
    emit();
  },
  setUser(user: SessionUser | null): void {
    write(KEYS.user, user ? JSON.stringify(user) : null);
    emit();
  },
  /** Forget the user and the tokens only (session validation failure). */
  clearSession(): void {
    Object.values(KEYS).forEach((k) => localStorage.removeItem(k));
    emit();
  },
  /** Logout: the whole local storage goes (a new device id is made lazily). */
  clearAll(): void {
    localStorage.clear();
    emit();
  },
};

export function isSignedIn(): boolean {
  return sessionStore.get().token !== null;
}
