import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { describePrincipal } from '../auth/principal.js';
import { requestForLog } from './redact.js';

/**
 * The request log (issue 25, decision 0041). Fastify's own two lines per request at INFO ("incoming
 * request", "request completed") were about 13% of the CPU of a small read, written synchronously.
 * Instead one line per request, written when it completes:
 * - at INFO when it failed (status 500 and over) or was slow (over LOG_SLOW_MS milliseconds);
 * - at DEBUG otherwise (LOG_LEVEL=debug is the full access log, refusals and 4xx included).
 * The lines go through an asynchronous destination (sonic-boom): a write never waits on the terminal
 * or the pipe; pino flushes what is buffered when the process exits.
 */
export function registerRequestLog(app: FastifyInstance, slowMs: number): void {
  // No logger (tests, benchmarks) or a silent one: no hook at all.
  const log = app.log as { isLevelEnabled?: (level: string) => boolean };
  if (typeof log.isLevelEnabled !== 'function' || !log.isLevelEnabled('info')) return;
  const everyRequest = log.isLevelEnabled('debug');
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    const notable = status >= 500 || ms > slowMs;
    if (!notable && !everyRequest) return;
    const principal = request.companyContext?.principal;
    const line = {
      req: request,
      res: { statusCode: status },
      responseTime: Math.round(ms * 10) / 10,
      // Who called: a user, or an API key as itself (decision 0048).
      ...(principal ? { by: describePrincipal(principal) } : {}),
    };
    if (notable) request.log.info(line, status >= 500 ? 'request failed' : 'slow request');
    else request.log.debug(line, 'request completed');
  });
}

/**
 * Values never written, whatever a line carries: credentials in headers (the request serializer
 * writes none; a line logging headers or a body by hand still must not), passwords and tokens.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'headers["x-api-key"]',
  'authorization',
  'cookie',
  'password',
  'token',
  'refreshToken',
  'refresh_token',
  'accessToken',
  'access_token',
  'secret',
  '*.password',
  '*.token',
  '*.refreshToken',
  '*.refresh_token',
  '*.accessToken',
  '*.access_token',
  '*.secret',
  '*.authorization',
  '*.cookie',
];

/** The logger's options: level, the redacted request serializer, redaction, an asynchronous destination. */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    // Addresses with their secrets (signing links, feeds, tokens in queries) replaced: redact.ts.
    serializers: { req: requestForLog },
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    stream: stream ?? pino.destination({ dest: 1, sync: false }),
  };
}
