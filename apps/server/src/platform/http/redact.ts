import type { FastifyRequest } from 'fastify';

/**
 * What the request log may keep of an address (issue 22): the secrets some addresses carry are
 * replaced, so a log shipped elsewhere grants nothing. Path secrets: the customer's signing link
 * (`/firma/<token>`, page and API) and the calendar feed (`/calendar/feed/<token>.ics`). Query
 * secrets: any parameter named like a token, a code or a key (password reset, registration
 * checkout, app-access code, single sign-on return). Headers are never logged (authorization,
 * cookies): the request serializer below writes none.
 */
export const REDACTED = '[redacted]';

const PATH_SECRETS = [/(\/firma\/)[^/?#]+/gi, /(\/calendar\/feed\/)[^/?#]+/gi];
const QUERY_SECRET =
  /^(token|otp|code|state|password|secret|key|api_key|signature|access_token|refresh_token|id_token|session_state)$/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  for (const re of PATH_SECRETS) path = path.replace(re, `$1${REDACTED}`);
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as it came.
      }
      return eq >= 0 && QUERY_SECRET.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** The request as the log writes it: Fastify's fields, the address redacted (nothing else of a `req` that is not one). */
export function requestForLog(req: FastifyRequest) {
  if (typeof req?.url !== 'string') return {};
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
