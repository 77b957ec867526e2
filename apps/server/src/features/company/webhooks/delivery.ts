import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_ANSWER_KEPT } from '@fs/contract';
import { checkedLookup, literalRefusal, type Resolve } from './ssrf.js';

/**
 * One HTTP attempt of a webhook message (decision 0049): a POST of the exact body with the signed headers, on node's
 * http(s) with the connection's `lookup` checking the address it connects to (ssrf.ts). No redirect is followed (a
 * 3xx is a failure), the whole exchange is bounded by `timeoutMs`, and only the start of the answer is kept.
 */

export interface AttemptOutcome {
  ok: boolean;
  /** The status answered, or null when none came. */
  status: number | null;
  latencyMs: number | null;
  /** The start of the answer's body, or the error. */
  answer: string;
  /** What the answer's Retry-After asked for (ms from now), if anything. */
  retryAfterMs: number | null;
}

export interface PostOptions {
  resolve: Resolve;
  allowPrivate: boolean;
  timeoutMs: number;
  /** "now" for an HTTP-date Retry-After. */
  now: Date;
}

/** Connections kept alive between attempts to the same host (a burst to one receiver reuses them). */
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 32, timeout: 60_000 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 32, timeout: 60_000 }),
};

/** Bytes of an answer read at most (the rest is dropped: only the start is kept). */
const READ_AT_MOST = 64 * 1024;

/** Retry-After as milliseconds from `now`: delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now: Date): number | null {
  if (!header) return null;
  const v = header.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

function errorText(err: unknown): string {
  const e = err as { code?: string; message?: string };
  if (e?.code === 'WEBHOOK_ADDRESS_REFUSED') return e.message ?? 'Indirizzo rifiutato';
  if (e?.code === 'WEBHOOK_TIMEOUT') return e.message ?? 'Tempo scaduto';
  const code = e?.code ? `${e.code}: ` : '';
  return `Errore di connessione: ${code}${e?.message ?? String(err)}`;
}

export function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  o: PostOptions,
): Promise<AttemptOutcome> {
  const refused = literalRefusal(url, o.allowPrivate);
  if (refused)
    return Promise.resolve({ ok: false, status: null, latencyMs: null, answer: refused.message, retryAfterMs: null });
  const started = performance.now();
  const target = new URL(url);
  const lib = target.protocol === 'https:' ? https : http;
  const payload = Buffer.from(body, 'utf8');
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (out: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(out);
    };
    const fail = (err: unknown) =>
      finish({
        ok: false,
        status: null,
        latencyMs: Math.round(performance.now() - started),
        answer: errorText(err).slice(0, WEBHOOK_ANSWER_KEPT),
        retryAfterMs: null,
      });
    const req = lib.request(
      target,
      {
        method: 'POST',
        agent: target.protocol === 'https:' ? agents.https : agents.http,
        lookup: checkedLookup(o.resolve, o.allowPrivate) as never,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(payload.length),
          'user-agent': 'GestionaleInterventi-Webhooks/1.0',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let read = 0;
        res.on('data', (c: Buffer) => {
          if (read < READ_AT_MOST) chunks.push(c);
          read += c.length;
          if (read >= READ_AT_MOST) res.destroy();
        });
        const done = () => {
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8');
          const redirect = status >= 300 && status < 400;
          finish({
            ok: status >= 200 && status < 300,
            status,
            latencyMs: Math.round(performance.now() - started),
            answer: (redirect
              ? `Reindirizzamento non seguito verso ${res.headers.location ?? '(nessuna destinazione)'}${text ? `: ${text}` : ''}`
              : text
            ).slice(0, WEBHOOK_ANSWER_KEPT),
            retryAfterMs: retryAfterMs(res.headers['retry-after'], o.now),
          });
        };
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(
        Object.assign(new Error(`Nessuna risposta entro ${Math.round(o.timeoutMs / 1000)} s`), {
          code: 'WEBHOOK_TIMEOUT',
        }),
      );
    }, o.timeoutMs);
    req.on('error', fail);
    req.end(payload);
  });
}
