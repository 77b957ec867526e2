import { z } from 'zod';
import { SSO_TARGETS } from './sso-rules.js';

export * from './sso-rules.js';

/** Runtime settings the web needs before sign-in (GET /api/config/public). */
export const publicConfigSchema = z.object({
  sso: z.object({ enabled: z.boolean() }),
  chatWidgetUrl: z.string().nullable(),
  /** Days a mailed signing link stays valid (SIGNATURE_LINK_DAYS). */
  signatureLinkDays: z.number().int(),
  /** The planner map's raster tiles (MAP_TILE_URL, Leaflet template, and its attribution); null: the offline basemap. */
  mapTiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

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
