import dns from 'node:dns';

/** A resolver: every address a name has (dns.lookup with all: true in production; tests inject their own). */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolve: Resolve = (host) => dns.promises.lookup(host, { all: true, verbatim: true });
