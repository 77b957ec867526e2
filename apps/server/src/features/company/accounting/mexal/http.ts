import http from 'node:http';
import https from 'node:https';
import { checkedLookup, literalRefusal, type Resolve } from '../../webhooks/ssrf.js';

/**
 * One call to a company's Mexal WebAPI (decision 0052), on node's http(s) with the same address checks as webhooks
 * (the connection's `lookup` refuses private, loopback and link-local addresses unless WEBHOOKS_ALLOW_PRIVATE). Never
 * retried here: a POST that creates a document must not be repeated blindly, and a refused password must not be tried
 * again (Mexal locks the user after a few failures). No redirect is followed.
 */

export interface MexalCredentials {
  /** The address the admin gave (scheme, host, port, maybe a path prefix), without /webapi/. */
  indirizzo: string;
  utente: string;
  password: string;
  azienda: string;
  anno: number;
}

export interface MexalAnswer {
  status: number;
  location: string | null;
  /** The body parsed as JSON, or null when empty or not JSON. */
  json: unknown;
  text: string;
}

export interface MexalHttpOptions {
  resolve: Resolve;
  allowPrivate: boolean;
  timeoutMs: number;
}

/** The call never reached Mexal or got no answer (address refused, connection failed, timeout). */
export class MexalUnreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MexalUnreachable';
  }
}

const READ_AT_MOST = 4 * 1024 * 1024;

/** `<address>/webapi/` + path (the address's own path kept, as behind a reverse proxy). */
export function webapiUrl(indirizzo: string, path: string, query?: Record<string, string>): URL {
  const base = new URL(indirizzo);
  const prefix = base.pathname.replace(/\/+$/, '');
  const url = new URL(`${base.protocol}//${base.host}${prefix}/webapi/${path.replace(/^\/+/, '')}`);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  return url;
}

/** `Passepartout <base64(user:password)>`, as the WebAPI manual says. */
export const authorization = (c: Pick<MexalCredentials, 'utente' | 'password'>) =>
  `Passepartout ${Buffer.from(`${c.utente}:${c.password}`, 'utf8').toString('base64')}`;

/** `Azienda=<code> Anno=<year>`: where Mexal reads and writes. */
export const coordinates = (c: Pick<MexalCredentials, 'azienda' | 'anno'>) => `Azienda=${c.azienda} Anno=${c.anno}`;

export function mexalCall(
  c: MexalCredentials,
  method: 'GET' | 'POST',
  path: string,
  o: MexalHttpOptions,
  body?: unknown,
  query?: Record<string, string>,
): Promise<MexalAnswer> {
  let target: URL;
  try {
    target = webapiUrl(c.indirizzo, path, query);
  } catch {
    return Promise.reject(new MexalUnreachable(`Indirizzo WebAPI non valido: ${c.indirizzo}`));
  }
  const refused = literalRefusal(target.toString(), o.allowPrivate);
  if (refused) return Promise.reject(new MexalUnreachable(refused.message));
  const lib = target.protocol === 'https:' ? https : http;
  // Mexal always expects an object: an empty body is `{}`.
  const payload = body === undefined ? null : Buffer.from(JSON.stringify(body), 'utf8');
  return new Promise<MexalAnswer>((resolve, reject) => {
    let settled = false;
    const req = lib.request(
      target,
      {
        method,
        lookup: checkedLookup(o.resolve, o.allowPrivate) as never,
        headers: {
          authorization: authorization(c),
          'coordinate-gestionale': coordinates(c),
          accept: 'application/json',
          'content-type': 'application/json',
          'user-agent': 'GestionaleInterventi-Mexal/1.0',
          ...(payload ? { 'content-length': String(payload.length) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read <= READ_AT_MOST) chunks.push(chunk);
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            json = null;
          }
          const location = res.headers.location ?? null;
          resolve({ status: res.statusCode ?? 0, location, json, text });
        });
        res.on('error', fail);
      },
    );
    function fail(err: unknown) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const e = err as { code?: string; message?: string };
      const why =
        e?.code === 'WEBHOOK_ADDRESS_REFUSED'
          ? (e.message ?? 'Indirizzo rifiutato')
          : `Mexal non raggiungibile: ${e?.code ? `${e.code}: ` : ''}${e?.message ?? String(err)}`;
      reject(new MexalUnreachable(why));
    }
    const timer = setTimeout(() => {
      req.destroy(new Error(`nessuna risposta entro ${Math.round(o.timeoutMs / 1000)} s`));
    }, o.timeoutMs);
    req.on('error', fail);
    req.end(payload ?? undefined);
  });
}

/** Mexal's message in an error answer (`{"error": …}` or similar), else the start of the body. */
export function mexalMessage(a: MexalAnswer): string {
  const j = a.json as Record<string, unknown> | null;
  const m = j && (j.error ?? j.errore ?? j.message ?? j.messaggio);
  const text = typeof m === 'string' ? m : typeof m === 'object' && m ? JSON.stringify(m) : a.text;
  return (text || `HTTP ${a.status}`).slice(0, 500);
}
