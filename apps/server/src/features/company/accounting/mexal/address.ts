import { urlRefusal, type Resolve } from '../../webhooks/ssrf.js';

/**
 * The check of a Mexal WebAPI address at login (decision 0052), the same as a webhook's (decision 0049): a literal
 * address, or every address a name resolves to, may not be private, loopback, link-local or otherwise reserved, unless
 * the server allows it (WEBHOOKS_ALLOW_PRIVATE: tests, a local installation on the same network in development).
 * Every call checks again the address it connects to (http.ts). Null when the address may be used, else the reason.
 */
export const mexalAddressRefusal = (url: string, resolve: Resolve, allowPrivate: boolean): Promise<string | null> =>
  urlRefusal(url, resolve, allowPrivate, "l'indirizzo WebAPI di Mexal deve essere pubblico");
