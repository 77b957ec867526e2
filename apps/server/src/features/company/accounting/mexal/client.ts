import { mexalCall, mexalMessage, type MexalAnswer, type MexalCredentials, type MexalHttpOptions } from './http.js';

/**
 * The few WebAPI resources the export uses (decision 0052), as the public client laninisimone/php-mexal-api documents
 * them in docs/api/: `risorse/dati-generali/installazione` (a harmless read: the login check), `risorse/clienti`
 * (search by VAT number or tax code, create), and the documents `risorse/documenti/{ordini-clienti, preventivi,
 * movimenti-magazzino}` (create: 201 with the key in Location; read by key `SIGLA+serie+numero`).
 */

/** Mexal refused the user and password (401/403): never try again by itself. */
export class MexalRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MexalRefused';
  }
}

/** Mexal answered something else than expected (400 6001 gestionale error, 404, 5xx). */
export class MexalFailed extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'MexalFailed';
  }
}

export type MexalRecord = Record<string, unknown>;

export interface MexalFilter {
  campo: string;
  condizione: '=' | 'inizia_per' | 'contiene';
  valore: string | string[];
}

/** The last segment of a Location header (`…/documenti/movimenti-magazzino/BC+1+15`), decoded. */
export function keyOfLocation(location: string | null): string | null {
  if (!location) return null;
  let url: URL;
  try {
    url = new URL(location, 'http://mexal.invalid');
  } catch {
    return null;
  }
  const segment = url.pathname.split('/').filter(Boolean).pop();
  if (!segment) return null;
  if (url.searchParams.get('encoding') === 'hex' && /^([0-9a-f]{2})+$/i.test(segment)) {
    return Buffer.from(segment, 'hex').toString('utf8');
  }
  return decodeURIComponent(segment);
}

/** A key in a path: hexadecimal with `encoding=hex` when it holds a slash or backslash (as the manual says). */
function keyPath(key: string): { segment: string; query: Record<string, string> } {
  if (key.includes('/') || key.includes('\\')) {
    return { segment: Buffer.from(key, 'utf8').toString('hex'), query: { encoding: 'hex' } };
  }
  return { segment: encodeURIComponent(key).replace(/%2B/gi, '+'), query: {} };
}

export class MexalClient {
  constructor(
    private readonly c: MexalCredentials,
    private readonly o: MexalHttpOptions,
  ) {}

  private async call(method: 'GET' | 'POST', path: string, body?: unknown, query?: Record<string, string>) {
    const a = await mexalCall(this.c, method, path, this.o, body, query);
    if (a.status === 401 || a.status === 403) throw new MexalRefused(mexalMessage(a));
    return a;
  }

  private fail(what: string, a: MexalAnswer): never {
    throw new MexalFailed(`Mexal ha risposto ${a.status} a ${what}: ${mexalMessage(a)}`, a.status);
  }

  /** The login check: reads the installation's data (no company data, nothing written). */
  async installation(): Promise<MexalRecord> {
    const a = await this.call('GET', 'risorse/dati-generali/installazione');
    if (a.status !== 200) this.fail('la verifica delle credenziali', a);
    return (a.json ?? {}) as MexalRecord;
  }

  /** One page of a search (filters in AND, an array value in OR). */
  async search(resource: string, filtri: MexalFilter[], fields: string[], next?: string) {
    const query: Record<string, string> = { fields: fields.join(','), max: '200' };
    if (next) query.next = next;
    const a = await this.call('POST', `risorse/${resource}/ricerca`, { filtri }, query);
    if (a.status !== 200) this.fail(`la ricerca in ${resource}`, a);
    const j = (a.json ?? {}) as { dati?: MexalRecord[]; next?: string };
    return { dati: Array.isArray(j.dati) ? j.dati : [], next: typeof j.next === 'string' ? j.next : null };
  }

  /** Creates a record: answers the key Mexal gave it (from the Location header). */
  async create(resource: string, body: MexalRecord): Promise<string> {
    const a = await this.call('POST', `risorse/${resource}`, body);
    if (a.status !== 201) this.fail(`l'inserimento in ${resource}`, a);
    const key = keyOfLocation(a.location);
    if (!key) throw new MexalFailed(`Mexal non ha indicato il codice del record creato in ${resource}`, a.status);
    return key;
  }

  /** A record by key, or null when Mexal does not have it (404). */
  async read(resource: string, key: string): Promise<MexalRecord | null> {
    const { segment, query } = keyPath(key);
    const a = await this.call('GET', `risorse/${resource}/${segment}`, undefined, query);
    if (a.status === 404) return null;
    if (a.status !== 200) this.fail(`la lettura di ${resource}/${key}`, a);
    return (a.json ?? {}) as MexalRecord;
  }
}
