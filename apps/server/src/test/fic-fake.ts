import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { OpenAPIBackend, type Context } from 'openapi-backend';

/**
 * A local Fatture in Cloud for the tests (decision 0051). The API is FiC's public OpenAPI document
 * (`fattureincloud/openapi-fattureincloud`, openapi-enriched.yaml, MIT; kept in fixtures/fattureincloud with its
 * licence) served in process by openapi-backend: every request is validated against it (an invalid one answers 400
 * and is kept in `invalid`, which the tests expect empty) and answered from its examples. Clients and issued documents
 * made are kept, so a search finds them and a GET reads them; totals are computed from the lines. The OAuth steps,
 * which the document does not describe, are a consent page (/oauth/authorize) and a token endpoint (/oauth/token).
 */

const DEFINITION = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures/fattureincloud/openapi-enriched.yaml',
);

export const FIC_CLIENT = { id: 'fic-test-client', secret: 'fic-test-secret' };

interface Grant {
  redirectUri: string;
  scope: string;
}
interface Req {
  method: string;
  path: string;
  operationId: string | null;
  token: string | null;
  query: Record<string, string>;
  body: unknown;
}
type Json = Record<string, unknown>;

let backendCache: Promise<OpenAPIBackend> | undefined;

export async function startFicFake() {
  const codes = new Map<string, Grant>();
  const access = new Map<string, { expires: number }>();
  const refresh = new Set<string>();
  const requests: Req[] = [];
  const invalid: { operationId: string | null; errors: unknown }[] = [];
  const clients: Json[] = [];
  const documents: Json[] = [];
  let nextId = 900_000;
  const state = {
    /** Seconds a new access token lives. */
    expiresIn: 3600,
    vatTypes: [
      { id: 0, value: 22, description: '22%', e_invoice: true, editable: false, is_disabled: false },
      { id: 3, value: 10, description: '10%', e_invoice: true, editable: false, is_disabled: false },
      { id: 4, value: 4, description: '4%', e_invoice: true, editable: false, is_disabled: false },
      { id: 21, value: 0, description: 'Esente art. 10', ei_type: 'N4', e_invoice: true, editable: false },
    ] as Json[],
    /** Next answers forced on API calls: a status, headers and body, by operation id (or '*' for any). */
    forced: [] as { operationId: string; status: number; headers?: Record<string, string>; body: unknown }[],
  };

  const api = await (backendCache ??= (async () => {
    const b = new OpenAPIBackend({
      definition: DEFINITION,
      quick: true,
      strict: false,
      validate: true,
      // The document's formats: calendar days as FiC writes them (ajv knows none by itself).
      customizeAjv: (ajv) => ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/),
    });
    await b.init();
    return b;
  })());

  const example = (operationId: string): Json => {
    const m = api.mockResponseForOperation(operationId, { code: 200 });
    return structuredClone(m.mock) as Json;
  };
  const matches = (row: Json, q: string | undefined) => {
    if (!q) return true;
    const m = /^\s*(\w+)\s*=\s*'([^']*)'\s*$/.exec(q);
    return !!m && String(row[m[1]!] ?? '') === m[2];
  };

  function answerApi(c: Context, body: unknown): { status: number; body: unknown } {
    const op = c.operation.operationId ?? '';
    const data = (body as { data?: Json } | undefined)?.data ?? {};
    const q = c.request.query as Record<string, string>;
    switch (op) {
      case 'listClients':
        return { status: 200, body: { ...example(op), data: clients.filter((x) => matches(x, q.q)) } };
      case 'createClient': {
        const row = { ...(example(op).data as Json), ...data, id: nextId++ };
        clients.push(row);
        return { status: 200, body: { data: row } };
      }
      case 'listIssuedDocuments':
        return {
          status: 200,
          body: { ...example(op), data: documents.filter((d) => d.type === q.type && matches(d, q.q)) },
        };
      case 'createIssuedDocument': {
        const id = nextId++;
        const same = documents.filter((d) => d.type === data.type && d.numeration === data.numeration);
        const row = {
          ...(example(op).data as Json),
          ...data,
          id,
          number: same.length + 1,
          url: `https://fic.test/documents/${id}.pdf`,
        };
        documents.push(row);
        return { status: 200, body: { data: row } };
      }
      case 'getIssuedDocument': {
        const row = documents.find((d) => String(d.id) === String(c.request.params.document_id));
        return row
          ? { status: 200, body: { data: row } }
          : { status: 404, body: { error: { message: 'Documento non trovato' } } };
      }
      case 'getNewIssuedDocumentTotals': {
        const items = (data.items_list as { qty?: number; net_price?: number; vat?: { id?: number } }[]) ?? [];
        let net = 0;
        let vat = 0;
        for (const it of items) {
          const line = Math.round((it.qty ?? 1) * (it.net_price ?? 0) * 100) / 100;
          const rate = Number(state.vatTypes.find((v) => v.id === it.vat?.id)?.value ?? 0);
          net += line;
          vat += Math.round(line * rate) / 100;
        }
        const r2 = (n: number) => Math.round(n * 100) / 100;
        const totals = { ...(example(op).data as Json), amount_net: r2(net), amount_vat: r2(vat) };
        Object.assign(totals, { amount_gross: r2(net + vat), amount_due: r2(net + vat), taxable_amount: r2(net) });
        return { status: 200, body: { data: totals } };
      }
      case 'listVatTypes':
        return { status: 200, body: { data: state.vatTypes } };
      default:
        return { status: 200, body: example(op) };
    }
  }

  const tokenAnswer = () => {
    const a = randomBytes(16).toString('hex');
    const r = randomBytes(16).toString('hex');
    access.set(a, { expires: Date.now() + state.expiresIn * 1000 });
    refresh.add(r);
    return { token_type: 'bearer', access_token: a, refresh_token: r, expires_in: state.expiresIn };
  };

  function oauth(req: http.IncomingMessage, url: URL, raw: string): { status: number; headers?: Json; body: string } {
    const json = (status: number, body: unknown) => ({
      status,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (url.pathname === '/oauth/authorize' && req.method === 'GET') {
      const p = url.searchParams;
      if (p.get('client_id') !== FIC_CLIENT.id || p.get('response_type') !== 'code' || !p.get('redirect_uri')) {
        return { status: 400, body: 'invalid_request' };
      }
      const approve = new URL('/oauth/consent', url);
      approve.search = p.toString();
      return {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: `<!doctype html><title>Fatture in Cloud (test)</title><h1>Autorizza l'accesso</h1><p>Permessi: ${p.get('scope')}</p><a id="approve" href="${approve.pathname}${approve.search}">Autorizza</a>`,
      };
    }
    if (url.pathname === '/oauth/consent' && req.method === 'GET') {
      const p = url.searchParams;
      const code = randomBytes(12).toString('hex');
      codes.set(code, { redirectUri: p.get('redirect_uri')!, scope: p.get('scope') ?? '' });
      const back = new URL(p.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', p.get('state') ?? '');
      return { status: 302, headers: { location: back.toString() }, body: '' };
    }
    if (url.pathname === '/oauth/token' && req.method === 'POST') {
      const b = JSON.parse(raw || '{}') as Record<string, string>;
      if (b.client_id !== FIC_CLIENT.id || b.client_secret !== FIC_CLIENT.secret) {
        return json(401, { error: 'invalid_client', error_description: 'Client authentication failed' });
      }
      if (b.grant_type === 'authorization_code') {
        const g = b.code ? codes.get(b.code) : undefined;
        if (!g || g.redirectUri !== b.redirect_uri) {
          return json(400, { error: 'invalid_grant', error_description: 'The authorization code is invalid' });
        }
        codes.delete(b.code!);
        return json(200, tokenAnswer());
      }
      if (b.grant_type === 'refresh_token') {
        if (!b.refresh_token || !refresh.delete(b.refresh_token)) {
          return json(400, { error: 'invalid_grant', error_description: 'The refresh token is invalid' });
        }
        return json(200, tokenAnswer());
      }
      return json(400, { error: 'unsupported_grant_type', error_description: 'Unsupported grant type' });
    }
    return { status: 404, body: 'not found' };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const send = (status: number, headers: Json | undefined, body: string) => {
        res.writeHead(status, headers as http.OutgoingHttpHeaders);
        res.end(body);
      };
      if (url.pathname.startsWith('/oauth/')) {
        const a = oauth(req, url, raw);
        return send(a.status, a.headers, a.body);
      }
      const body = raw ? (JSON.parse(raw) as unknown) : undefined;
      const request = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers as Record<string, string>,
        body,
      };
      const operation = api.matchOperation(request);
      const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
      const operationId = operation?.operationId ?? null;
      requests.push({ method: request.method, path: url.pathname, operationId, token, query: request.query, body });
      const json = (status: number, b: unknown, headers: Record<string, string> = {}) =>
        send(status, { 'content-type': 'application/json', ...headers }, JSON.stringify(b));
      if (!operation) return json(404, { error: { message: 'Not found' } });
      const valid = api.validateRequest(request, operation);
      if (!valid.valid) {
        invalid.push({ operationId, errors: valid.errors });
        return json(400, { error: { message: 'Richiesta non valida', validation_result: valid.errors } });
      }
      const t = token ? access.get(token) : undefined;
      if (!t || t.expires < Date.now()) return json(401, { error: { message: 'Unauthorized' } });
      const forced = state.forced.findIndex((f) => f.operationId === operationId || f.operationId === '*');
      if (forced >= 0) {
        const [f] = state.forced.splice(forced, 1);
        return json(f!.status, f!.body, f!.headers);
      }
      const ctx = { operation, request: { ...request, params: paramsOf(operation.path, url.pathname) } };
      const a = answerApi(ctx as unknown as Context, body);
      return json(a.status, a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    state,
    requests,
    invalid,
    clients,
    documents,
    /** Expires every access token the fake handed out (the next call needs a refresh). */
    expireTokens() {
      for (const t of access.values()) t.expires = 0;
    },
    calls: (operationId: string) => requests.filter((r) => r.operationId === operationId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The path's parameters by the operation's template (`/c/{company_id}/issued_documents/{document_id}`). */
function paramsOf(template: string, actual: string): Record<string, string> {
  const names = template.split('/');
  const parts = actual.split('/');
  const out: Record<string, string> = {};
  names.forEach((n, i) => {
    const m = /^\{(.+)\}$/.exec(n);
    if (m && parts[i] !== undefined) out[m[1]!] = decodeURIComponent(parts[i]!);
  });
  return out;
}

export type FicFake = Awaited<ReturnType<typeof startFicFake>>;
