/**
 * Navigation from outside React (the API client). The router registers its
 * navigate function at start; until then (and in tests) the browser location is used.
 */
type NavigateFn = (to: string) => void;

let navigateImpl: NavigateFn = (to) => window.location.assign(to);

export function setNavigate(fn: NavigateFn): void {
  navigateImpl = fn;
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}

/** Login address that brings the user back to `path` (omitted for `/`). */
export function loginPath(path: string): string {
  if (!path || path === '/' || path.startsWith('/login')) return '/login';
  return `/login?redirectAfterLogin=${encodeURIComponent(path)}`;
}

/** Only same-site absolute paths are accepted as redirect targets. */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  return target;
}
