import type { PublicConfig } from '@fs/contract';
import type { Config } from '../../../config.js';

/** What the web may know before sign-in: no secrets, only switches and public addresses. */
export function publicConfig(config: Config): PublicConfig {
  return {
    sso: { enabled: Boolean(config.OIDC_ISSUER_URL && config.OIDC_CLIENT_ID) },
    chatWidgetUrl: config.CHAT_WIDGET_URL ?? null,
    signatureLinkDays: config.SIGNATURE_LINK_DAYS,
    mapTiles: config.MAP_TILE_URL ? { url: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION } : null,
  };
}
