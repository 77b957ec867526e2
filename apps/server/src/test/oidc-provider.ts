/**
 * A real OpenID provider (oidc-provider) on loopback, for the SSO tests of the
 * server and the browser. Its development interactions show a login form (any
 * login, any password: the login names an account of `accounts`) and a consent
 * form; `authorize` drives both over HTTP like a browser would.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by login; change them between tests. */
  accounts: Map<string, TestAccount>;
  /** Follows an authorisation address through login and consent; answers the redirect back to us. */
  authorize(url: string, login: string): Promise<URL>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startTestProvider(o: { redirectUris: string[]; port?: number }): Promise<TestProvider> {
  const accounts = new Map<string, TestAccount>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(o.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'gestionale-test';
  const clientSecret = 'test-client-secret-0123456789abcdef';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: o.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' }] },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      RefreshToken: 3600,
    },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
  });
  // oidc-provider warns about its development-only pieces on every start; the tests know.
  const handle = provider.callback();
  server.on('request', (req, res) => void handle(req, res));

  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  async function authorize(url: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    const send = async (target: string, body?: URLSearchParams) => {
      const res = await fetch(target, {
        method: body ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(body ? { body: body.toString() } : {}),
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const i = pair!.indexOf('=');
        jar.set(pair!.slice(0, i), pair!.slice(i + 1));
      }
      return res;
    };
    let next = new URL(url);
    for (let hops = 0; hops < 12; hops++) {
      if (next.origin !== issuer) return next;
      const res = await send(next.href);
      if (res.status >= 300 && res.status < 400) {
        next = new URL(res.headers.get('location')!, next);
        continue;
      }
      const html = await res.text();
      const prompt = /name="prompt" value="(login|consent)"/.exec(html)?.[1];
      if (res.status !== 200 || !prompt) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
      const form = new URLSearchParams({ prompt });
      if (prompt === 'login') {
        form.set('login', login);
        form.set('password', 'any');
      }
      const submitted = await send(next.href, form);
      if (submitted.status < 300 || submitted.status >= 400) {
        throw new Error(`provider refused the ${prompt} form: ${submitted.status}`);
      }
      next = new URL(submitted.headers.get('location')!, next);
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    authorize,
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
  };
}
