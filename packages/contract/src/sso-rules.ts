/*
 * The single sign-on constants, apart from the request schemas (sso.ts): the web's first page
 * reads them, and a module without zod keeps zod out of that page's code.
 */

/**
 * Single sign-on (spec platform sections 2, 7): the browser goes to the identity
 * provider with response type code, these scopes and this state, and comes back
 * to the login page with `code` and `state`.
 */
export const SSO = {
  state: 'ACCESS-RL',
  scopes: 'openid offline_access email profile',
  /** Where the provider sends the browser back, relative to PUBLIC_URL. */
  webReturnPath: '/login',
  appReturnPath: '/ssorapp',
  /** Lifetime of a started authorisation (PKCE verifier and nonce kept by the server). */
  attemptTtlMs: 10 * 60_000,
} as const;

export const SSO_TARGETS = ['web', 'app'] as const;
export type SsoTarget = (typeof SSO_TARGETS)[number];
