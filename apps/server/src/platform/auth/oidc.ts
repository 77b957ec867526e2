import * as oidc from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import { isLoopbackUrl, type Config } from '../../config.js';
import { AppError } from '../errors.js';

/** Seconds a call to the identity provider may take before it counts as unreachable. */
const PROVIDER_TIMEOUT_SEC = 10;

/** One discovery per configuration, made on first use; a failed one is forgotten so the next call retries. */
const discovered = new WeakMap<Config, Promise<oidc.Configuration>>();

function isNetworkFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return true;
  if (err instanceof TypeError && err.message === 'fetch failed') return true;
  const code = (err as { code?: unknown }).code;
  // The provider answered, but not as an OpenID provider does (an error page, a proxy's 502...).
  if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_RESPONSE_IS_NOT_JSON') return true;
  if (err instanceof oidc.ResponseBodyError && err.status >= 500) return true;
  return false;
}

function unavailable(log: FastifyBaseLogger, err: unknown): AppError {
  log.warn({ err }, 'single sign-on: identity provider unreachable');
  return new AppError('SSO_UNAVAILABLE', 'Provider di identità non raggiungibile, riprovare più tardi');
}

async function configuration(config: Config, log: FastifyBaseLogger): Promise<oidc.Configuration> {
  if (!config.OIDC_ISSUER_URL || !config.OIDC_CLIENT_ID) {
    throw new AppError('SSO_DISABLED', 'Accesso con provider esterno non configurato');
  }
  let pending = discovered.get(config);
  if (!pending) {
    const issuer = new URL(config.OIDC_ISSUER_URL);
    const insecure = issuer.protocol === 'http:' && isLoopbackUrl(issuer.href);
    pending = oidc
      .discovery(
        issuer,
        config.OIDC_CLIENT_ID,
        undefined,
        config.OIDC_CLIENT_SECRET ? oidc.ClientSecretBasic(config.OIDC_CLIENT_SECRET) : oidc.None(),
        { timeout: PROVIDER_TIMEOUT_SEC, ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) },
      )
      .then((c) => {
        c.timeout = PROVIDER_TIMEOUT_SEC;
        // The ID token's signature is checked against the provider's keys, not only its claims.
        oidc.enableNonRepudiationChecks(c);
        return c;
      });
    discovered.set(config, pending);
    pending.catch(() => discovered.delete(config));
  }
  try {
    return await pending;
  } catch (err) {
    throw unavailable(log, err);
  }
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  scope: string;
  codeVerifier: string;
  nonce: string;
}

/** The provider's authorisation address with PKCE (S256) and the nonce. */
export async function authorizationUrl(
  config: Config,
  log: FastifyBaseLogger,
  r: AuthorizationRequest,
): Promise<string> {
  const c = await configuration(config, log);
  return oidc
    .buildAuthorizationUrl(c, {
      redirect_uri: r.redirectUri,
      response_type: 'code',
      scope: r.scope,
      state: r.state,
      nonce: r.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(r.codeVerifier),
      code_challenge_method: 'S256',
    })
    .toString();
}

export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean | null;
}

/**
 * Exchanges the code (PKCE verifier, expected state and nonce) and answers the
 * identity of the verified ID token, completed from the userinfo endpoint when
 * the token carries no email. Protocol failures answer SSO_FAILED, an
 * unreachable provider SSO_UNAVAILABLE.
 */
export async function exchangeCode(
  config: Config,
  log: FastifyBaseLogger,
  x: { callbackUrl: URL; codeVerifier: string; nonce: string; state: string },
): Promise<VerifiedIdentity> {
  const c = await configuration(config, log);
  try {
    const tokens = await oidc.authorizationCodeGrant(c, x.callbackUrl, {
      pkceCodeVerifier: x.codeVerifier,
      expectedNonce: x.nonce,
      expectedState: x.state,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new AppError('SSO_FAILED', 'Il provider non ha restituito un ID token');
    let email = typeof claims.email === 'string' ? claims.email : null;
    let verified = typeof claims.email_verified === 'boolean' ? claims.email_verified : null;
    if (!email) {
      const info = await oidc.fetchUserInfo(c, tokens.access_token, claims.sub);
      email = typeof info.email === 'string' ? info.email : null;
      verified = typeof info.email_verified === 'boolean' ? info.email_verified : null;
    }
    return { subject: claims.sub, email, emailVerified: verified };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (isNetworkFailure(err)) throw unavailable(log, err);
    log.info({ err }, 'single sign-on: provider answer refused');
    throw new AppError('SSO_FAILED', 'Accesso con provider esterno non riuscito, riprovare');
  }
}
