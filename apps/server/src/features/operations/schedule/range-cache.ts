import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * The calendar's range answers kept per process (issue 14: a month of 50 technicians is thousands of
 * appointments and megabytes of JSON, read again and again while nothing changes). An answer is keyed by
 * the company's planner revision (migration 0027: bumped by triggers, in the same transaction, on every
 * change it shows) with the zone, the days and the caller's effective filters, so a changed planner is a
 * new key and never an old answer; several instances on one database stay right, each with its own copy.
 * Bodies are kept as JSON and, once asked for, compressed (brotli or gzip), so a repeated read neither
 * queries, serializes nor compresses. Bounded by bytes, least recently used out first.
 */

export type BodyEncoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Bodies larger than this compress at brotli's quickest level (the first read waits for it). */
const LARGE = 1_000_000;

export interface RangeEntry {
  /** The entry's key in the cache. */
  full: string;
  etag: string;
  json: Buffer;
  encoded: Partial<Record<Exclude<BodyEncoding, 'identity'>, Promise<Buffer>>>;
}

/** The validator of an answer: weak (its encodings differ), opaque, from the revision and the key. */
export function rangeEtag(revision: number, key: string): string {
  return `W/"r${revision}-${createHash('sha1').update(key).digest('base64url').slice(0, 20)}"`;
}

/** Whether an If-None-Match header names the validator (weak comparison, RFC 9110 13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v.replace(/^W\//, '') === bare;
  });
}

/** The encoding to answer with: brotli, else gzip, else none (q=0 refuses one). */
export function pickEncoding(accept: string | undefined): BodyEncoding {
  if (!accept) return 'identity';
  const offered = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    if (name) offered.set(name, q ? Number(q[1]) : 1);
  }
  const ok = (n: string) => (offered.get(n) ?? offered.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

export class RangeCache {
  private readonly entries = new Map<string, Promise<RangeEntry>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /** The answer under a key: kept, or made once by `build` (concurrent asks share one build). */
  async get(prefix: string, revision: number, key: string, build: () => Promise<string>): Promise<RangeEntry> {
    const full = `${prefix}|${revision}|${key}`;
    const kept = this.entries.get(full);
    if (kept) {
      // Least recently used out first: a read moves the entry to the end.
      this.entries.delete(full);
      this.entries.set(full, kept);
      return kept;
    }
    this.dropStale(prefix, revision);
    const made = build().then((text) => {
      const entry: RangeEntry = {
        full,
        etag: rangeEtag(revision, `${prefix}|${key}`),
        json: Buffer.from(text),
        encoded: {},
      };
      this.account(full, entry.json.length);
      return entry;
    });
    this.entries.set(full, made);
    made.catch(() => this.forget(full));
    return made;
  }

  /** The body in an encoding, compressed once and kept with the entry. */
  body(entry: RangeEntry, encoding: BodyEncoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(entry.json);
    const known = entry.encoded[encoding];
    if (known) return known;
    const quality = entry.json.length > LARGE ? 1 : 4;
    const made =
      encoding === 'br'
        ? brotli(entry.json, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.json.length,
            },
          })
        : gzip(entry.json, { level: quality === 1 ? 1 : 6 });
    entry.encoded[encoding] = made;
    void made.then(
      (b) => this.account(entry.full, b.length),
      () => delete entry.encoded[encoding],
    );
    return made;
  }

  /** Bytes held (bodies and their encodings). */
  get size(): number {
    return this.bytes;
  }

  /** A company's answers under older revisions can never be asked for again (a late reader's are newer). */
  private dropStale(prefix: string, revision: number) {
    const start = `${prefix}|`;
    for (const k of this.entries.keys()) {
      if (!k.startsWith(start)) continue;
      const kept = Number(k.slice(start.length, k.indexOf('|', start.length)));
      if (kept < revision) this.forget(k);
    }
  }

  private account(full: string, n: number) {
    if (!this.entries.has(full)) return;
    this.sizes.set(full, (this.sizes.get(full) ?? 0) + n);
    this.bytes += n;
    for (const k of this.entries.keys()) {
      if (this.bytes <= this.maxBytes || k === full) break;
      this.forget(k);
    }
  }

  private forget(full: string) {
    this.entries.delete(full);
    this.bytes -= this.sizes.get(full) ?? 0;
    this.sizes.delete(full);
  }
}
