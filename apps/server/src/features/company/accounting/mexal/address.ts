import net from 'node:net';
import { forbiddenAddress, type Resolve } from '../../webhooks/ssrf.js';

/**
 * The check of a Mexal WebAPI address at login (decision 0052), the same as a webhook's (decision 0049): a literal
 * address, or every address a name resolves to, may not be private, loopback, link-local or otherwise reserved, unless
 * the server allows it (WEBHOOKS_ALLOW_PRIVATE: tests, a local installation on the same network in development).
 * Every call checks again the address it connects to (http.ts). Null when the address may be used, else the reason.
 */
export async function mexalAddressRefusal(
  url: string,
  resolve: Resolve,
  allowPrivate: boolean,
): Promise<string | null> {
  if (allowPrivate) return null;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const tail = "l'indirizzo WebAPI di Mexal deve essere pubblico";
  if (net.isIP(host)) {
    const why = forbiddenAddress(host);
    return why ? `L'indirizzo ${host} è ${why}: ${tail}` : null;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} è la macchina stessa: ${tail}`;
  let addresses: { address: string }[];
  try {
    addresses = await resolve(host);
  } catch {
    return null;
  }
  for (const a of addresses) {
    const why = forbiddenAddress(a.address);
    if (why) return `${host} corrisponde a ${a.address}, ${why}: ${tail}`;
  }
  return null;
}
