import { z } from 'zod';

/** Runtime settings the web needs before sign-in (GET /api/config/public). */
export const publicConfigSchema = z.object({
  sso: z.object({ enabled: z.boolean() }),
  chatWidgetUrl: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

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

/** POST /api/login/sso/start: the server keeps PKCE verifier and nonce, the browser the handle. */
export const ssoStartRequest = z.object({ target: z.enum(SSO_TARGETS).default('web') }).strict();
export type SsoStartRequest = z.infer<typeof ssoStartRequest>;

export const ssoStartItemSchema = z.object({
  /** The provider's authorisation address to navigate to (top level). */
  url: z.string(),
  /** Opaque, single use; sent back with the code. */
  attempt: z.string(),
});
export type SsoStartItem = z.infer<typeof ssoStartItemSchema>;

/**
 * POST /api/login/login/sso: the spec's `{ code }` plus what came back with it
 * (`state`, and `iss` when the provider sends it) and the attempt handle.
 */
export const ssoLoginRequest = z
  .object({
    code: z.string().min(1).max(2048),
    state: z.string().max(256),
    iss: z.string().max(2048).optional(),
    attempt: z.string().min(16).max(128),
  })
  .strict();
export type SsoLoginRequest = z.infer<typeof ssoLoginRequest>;
