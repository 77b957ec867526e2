/** Headers every client request carries (spec platform section 7). */
export const HEADERS = {
  source: 'Source',
  deviceId: 'Device-Id',
  /** The sealed start header of the login call: a replay guard (docs/decisions/0003-login-start-header-replay-guard.md). */
  loginStart: 'Login-Start',
} as const;

export const SOURCES = ['WEB', 'APP', 'API'] as const;
export type Source = (typeof SOURCES)[number];

/** 16 random alphanumerics, made by the client and kept. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9]{16}$/;

/** Token refresh retry limit and the other client timings of spec section 9. */
export const CLIENT = {
  refreshRetryLimit: 2,
  languageReloadDelayMs: 500,
  toastDurationMs: 2500,
  logoutAfter0017Ms: 1000,
  chunkReloadGuardMs: 60_000,
  menuCollapsedPx: 70,
  menuExpandedPx: 275,
  breakpoints: { mobile: 576, hover: 769, md: 992, lg: 1200, xl: 1280 },
  brandColor: '#2589bd',
} as const;

/** Cache lifetimes (staleTime) of spec platform section 9, in milliseconds. */
export const CACHE_MS = {
  subscription: 30 * 60_000,
  company: 6 * 60_000,
  permissions: 6 * 60_000,
  activePages: 3 * 3_600_000,
  options: 30 * 60_000,
  languages: 3 * 3_600_000,
  countries: 3 * 3_600_000,
} as const;

/**
 * The login start header: the client seals `{ startedAt, nonce, deviceId }`
 * as a compact JWE (ECDH-ES+A256KW, A256GCM) with the server's public key from
 * GET /api/login/start-key. The server opens it, checks the age and refuses a
 * nonce it has already seen.
 */
export const LOGIN_START = {
  alg: 'ECDH-ES+A256KW',
  enc: 'A256GCM',
  maxAgeMs: 2 * 60_000,
  maxFutureSkewMs: 30_000,
} as const;

export interface LoginStartClaims {
  startedAt: number;
  nonce: string;
  deviceId: string;
}
