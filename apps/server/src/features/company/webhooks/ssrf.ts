import type dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Resolve } from '../../../platform/dns.js';

/**
 * Server-side request forgery (decision 0049): a webhook may not reach the server's own network. An address in a
 * private, loopback, link-local, unique-local, carrier-grade NAT, multicast, broadcast, unspecified, reserved or
 * documentation range, or an IPv6 address carrying one of those (IPv4-mapped, NAT64, 6to4, Teredo), is refused when
 * the webhook is saved (the URL's literal address, or every address its name resolves to) and again at delivery,
 * on the address the connection is made to (the resolver's answer is checked in the connection's own `lookup`), unless
 * WEBHOOKS_ALLOW_PRIVATE is set (tests, a local development receiver).
 */

export type { Resolve } from '../../../platform/dns.js';

const REASONS: Record<string, string> = {
  private: 'un indirizzo di rete privata',
  loopback: 'un indirizzo di loopback (la macchina stessa)',
  linkLocal: 'un indirizzo link-local',
  uniqueLocal: 'un indirizzo IPv6 locale (unique-local)',
  carrierGradeNat: 'un indirizzo CGNAT (100.64.0.0/10)',
  multicast: 'un indirizzo multicast',
  broadcast: 'un indirizzo broadcast',
  unspecified: 'un indirizzo non specificato',
};

/** Why `address` may not be reached (an Italian phrase), or null when it is a public unicast address. */
export function forbiddenAddress(address: string): string | null {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(plain)) return 'un indirizzo non valido';
  let ip = ipaddr.parse(plain);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) ip = v6.toIPv4Address();
    else {
      const range = v6.range();
      // Addresses that carry an IPv4 address (NAT64, 6to4, Teredo) could reach a private one behind a translator.
      if (range === 'rfc6052' || range === '6to4' || range === 'teredo' || range === 'rfc6145') {
        return 'un indirizzo IPv6 che incapsula un indirizzo IPv4';
      }
    }
  }
  const range = ip.range();
  if (range === 'unicast') return null;
  return REASONS[range] ?? `un indirizzo riservato (${range})`;
}

export class ForbiddenAddressError extends Error {
  readonly code = 'WEBHOOK_ADDRESS_REFUSED';
  constructor(
    readonly host: string,
    readonly address: string,
    readonly reason: string,
  ) {
    super(`Indirizzo rifiutato: ${host === address ? address : `${host} (${address})`} è ${reason}`);
  }
}

const hostOf = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '');

/**
 * The check at save: null when the URL may be saved, or the Italian reason. A literal address is checked as it is; a
 * name is resolved and every address checked. A name that does not resolve (yet) is accepted: its delivery fails
 * until it does, and is checked then.
 */
export async function urlRefusal(
  url: string,
  resolve: Resolve,
  allowPrivate: boolean,
  // What the reason ends with: who must reach a public address.
  tail = 'un webhook deve raggiungere un indirizzo pubblico',
): Promise<string | null> {
  if (allowPrivate) return null;
  const host = hostOf(url).toLowerCase();
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

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * The `lookup` of a delivery's connection: resolves with `resolve`, refuses the connection when any address is
 * forbidden, and hands the socket the address checked (so a name cannot resolve to one address for the check and
 * another for the connection).
 */
export function checkedLookup(resolve: Resolve, allowPrivate: boolean) {
  return (host: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    resolve(host).then(
      (all) => {
        if (!all.length)
          return callback(Object.assign(new Error(`${host}: nessun indirizzo`), { code: 'ENOTFOUND' }), '');
        if (!allowPrivate) {
          for (const a of all) {
            const why = forbiddenAddress(a.address);
            if (why) return callback(new ForbiddenAddressError(host, a.address, why) as never, '');
          }
        }
        const wanted =
          options.family === 4 || options.family === 6 ? all.filter((a) => a.family === options.family) : all;
        const use = wanted.length ? wanted : all;
        if (options.all)
          return callback(
            null,
            use.map((a) => ({ address: a.address, family: a.family })),
          );
        callback(null, use[0]!.address, use[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}

/** The check of a literal address in a URL at delivery (the connection's lookup is not asked for a literal). */
export function literalRefusal(url: string, allowPrivate: boolean): ForbiddenAddressError | null {
  if (allowPrivate) return null;
  const host = hostOf(url);
  if (!net.isIP(host)) return null;
  const why = forbiddenAddress(host);
  return why ? new ForbiddenAddressError(host, host, why) : null;
}
