import {
  SSO,
  type LoginItem,
  type Source,
  type SsoLoginRequest,
  type SsoStartItem,
  type SsoStartRequest,
  type SsoTarget,
} from '@fs/contract';
import type { Config } from '../../../config.js';
import { AppError } from '../../../platform/errors.js';
import { hashToken, randomToken } from '../../../platform/auth/crypto.js';
import { authorizationUrl, exchangeCode } from '../../../platform/auth/oidc.js';
import type { Deps } from '../../../platform/deps.js';
import { issueSession } from '../../../platform/auth/sessions.js';
import { sessionUserOf } from '../session/service.js';
import * as repo from './repo.js';

/** The web signs in on the login page; the app variant comes back to /ssorapp and opens an APP session. */
const SOURCE_OF: Record<SsoTarget, Source> = { web: 'WEB', app: 'APP' };

export function redirectUri(config: Config, target: SsoTarget): string {
  return config.publicUrl + (target === 'app' ? SSO.appReturnPath : SSO.webReturnPath);
}

/**
 * Starts an authorisation: PKCE verifier and nonce are kept on the server
 * (sso_attempts), the browser gets the provider's address and an opaque handle
 * to send back with the code. The provider is discovered here on first use.
 */
export async function start(deps: Deps, input: SsoStartRequest, deviceId: string): Promise<SsoStartItem> {
  const codeVerifier = randomToken();
  const nonce = randomToken();
  const url = await authorizationUrl(deps.config, deps.log, {
    redirectUri: redirectUri(deps.config, input.target),
    state: SSO.state,
    scope: SSO.scopes,
    codeVerifier,
    nonce,
  });
  const handle = randomToken();
  await repo.insertAttempt(deps.db, {
    handleHash: hashToken(handle),
    target: input.target,
    deviceId,
    codeVerifier,
    nonce,
    expiresAt: new Date(Date.now() + SSO.attemptTtlMs),
  });
  return { url, attempt: handle };
}

/**
 * Finishes an authorisation: the code is exchanged once, the ID token checked
 * (signature, issuer, audience, expiry, nonce; state and PKCE on the way), and
 * the user with the token's email signs in exactly as with a password.
 */
export async function login(deps: Deps, input: SsoLoginRequest, deviceId: string): Promise<LoginItem> {
  if (!deps.config.OIDC_ISSUER_URL) throw new AppError('SSO_DISABLED', 'Accesso con provider esterno non configurato');
  const attempt = await repo.takeAttempt(deps.db, hashToken(input.attempt), deviceId);
  if (!attempt) throw new AppError('SSO_FAILED', 'Accesso con provider esterno scaduto o già usato, riprovare');

  const callbackUrl = new URL(redirectUri(deps.config, attempt.target));
  callbackUrl.searchParams.set('code', input.code);
  callbackUrl.searchParams.set('state', input.state);
  if (input.iss !== undefined) callbackUrl.searchParams.set('iss', input.iss);
  const identity = await exchangeCode(deps.config, deps.log, {
    callbackUrl,
    codeVerifier: attempt.codeVerifier,
    nonce: attempt.nonce,
    state: SSO.state,
  });
  if (!identity.email || identity.emailVerified === false) {
    throw new AppError('0018', 'Il provider non ha fornito un indirizzo email verificato');
  }
  const user = await repo.findUserByEmail(deps.db, identity.email);
  if (!user) throw new AppError('0018', 'Nessun utente con questo indirizzo email');
  if (user.status !== 'ACTIVE') throw new AppError('0030');

  const issued = await issueSession(deps, {
    aziendaId: user.aziendaId,
    userId: user.id,
    source: SOURCE_OF[attempt.target],
    deviceId,
  });
  const item = await sessionUserOf(deps, user.aziendaId, user.id);
  return { ...item, token: issued.token, refreshToken: issued.refreshToken };
}
