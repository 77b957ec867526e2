import { randomBytes } from 'node:crypto';
import type { FicCompany, FicStatus } from '@fs/contract';
import type { CompanyContext } from '../../../../platform/context.js';
import type { Deps } from '../../../../platform/deps.js';
import { AppError } from '../../../../platform/errors.js';
import { open, seal } from '../../options/secret-box.js';
import { fic, ficApis, FicError, ficScopes, oauthManager } from './api.js';
import * as repo from './repo.js';

/**
 * The Fatture in Cloud connection of a company (decision 0051): OAuth 2.0 authorization code with a state the server
 * keeps 10 minutes and spends once, tokens sealed at rest, refreshed a few minutes before they expire (under the
 * connection's row lock, as Fatture in Cloud rotates the refresh token), the chosen company.
 */

const STATE_TTL_MS = 10 * 60_000;
/** A token expiring within this is refreshed first. */
const REFRESH_BEFORE_MS = 5 * 60_000;

function configured(deps: Deps): boolean {
  return !!deps.config.FIC_CLIENT_ID;
}

function requireConfigured(deps: Deps) {
  if (!configured(deps)) {
    throw new AppError(
      'FIC_NOT_CONFIGURED',
      'Integrazione con Fatture in Cloud non configurata sul server (FIC_CLIENT_ID mancante)',
    );
  }
}

/** A FiC failure at an admin's request: 502 with Fatture in Cloud's message. */
export function asAppError(err: unknown): never {
  if (err instanceof FicError) throw new AppError('FIC_ERROR', `Fatture in Cloud: ${err.message}`);
  throw err;
}

interface TokenAnswer {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/**
 * FiC's token endpoint, called directly: the SDK's fetchToken and refreshToken read `e.response.data` of the error
 * their own executePost already replaced, so every refusal comes out as a TypeError without FiC's message.
 */
async function tokenCall(deps: Deps, body: Record<string, string>): Promise<TokenAnswer> {
  let res: Response;
  try {
    res = await fetch(`${deps.config.FIC_OAUTH_URL.replace(/\/$/, '')}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        ...body,
        client_id: deps.config.FIC_CLIENT_ID ?? '',
        client_secret: deps.config.FIC_CLIENT_SECRET ?? '',
      }),
      signal: AbortSignal.timeout(20_000),
    });
  } catch (err) {
    throw new FicError(`Fatture in Cloud non raggiungibile: ${String(err)}`, null);
  }
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || typeof json.access_token !== 'string' || typeof json.refresh_token !== 'string') {
    const msg = [json.error, json.error_description].filter((x) => typeof x === 'string').join(': ');
    throw new FicError(msg || `HTTP ${res.status}`, res.status);
  }
  return {
    accessToken: json.access_token,
    refreshToken: json.refresh_token,
    expiresIn: Number(json.expires_in ?? 3600),
  };
}

export async function init(ctx: CompanyContext, redirectUri: string) {
  requireConfigured(ctx.deps);
  const state = randomBytes(24).toString('base64url');
  const now = ctx.clock.now();
  await repo.insertState(
    ctx.db,
    { state, aziendaId: ctx.company.id, redirectUri, scadeAt: new Date(now.getTime() + STATE_TTL_MS) },
    now,
  );
  const manager = await oauthManager(ctx.deps.config, redirectUri);
  return { url: manager.getAuthorizationUrl(await ficScopes(), state), state };
}

async function sealTokens(deps: Deps, t: TokenAnswer) {
  return {
    accessToken: await seal(deps.db, t.accessToken),
    refreshToken: await seal(deps.db, t.refreshToken),
    scadeAt: new Date(deps.clock.now().getTime() + t.expiresIn * 1000),
  };
}

export async function login(ctx: CompanyContext, code: string, state: string): Promise<FicStatus> {
  requireConfigured(ctx.deps);
  const redirectUri = await repo.takeState(ctx.db, ctx.company.id, state, ctx.clock.now());
  if (!redirectUri) {
    throw new AppError(
      'FIC_STATE',
      'Accesso a Fatture in Cloud non riconosciuto o scaduto: ricominciare il collegamento',
    );
  }
  const tokens = await tokenCall(ctx.deps, {
    grant_type: 'authorization_code',
    redirect_uri: redirectUri,
    code,
  }).catch(asAppError);
  await repo.saveLogin(ctx.db, ctx.company.id, await sealTokens(ctx.deps, tokens), ctx.clock.now());
  const companies = await userCompanies(ctx.deps, tokens.accessToken).catch(asAppError);
  if (companies.length === 1)
    await repo.saveCompany(ctx.db, ctx.company.id, companies[0]!.id, companies[0]!.name, ctx.clock.now());
  return status(ctx, companies);
}

export async function logout(ctx: CompanyContext): Promise<FicStatus> {
  await repo.deleteConnection(ctx.db, ctx.company.id);
  return { connected: false, configured: configured(ctx.deps), companies: [], company: null };
}

/** A valid access token of the company (refreshed first when near its expiry), or null when not connected. */
export async function accessToken(deps: Deps, aziendaId: string): Promise<string | null> {
  const row = await repo.connectionOf(deps.db, aziendaId);
  if (!row) return null;
  // Opened on the pool first: the secret box's key is then known, and nothing reads the pool inside the
  // transaction below (on PGlite the transaction holds the one connection).
  const current = await open(deps.db, row.accessToken);
  if (row.scadeAt.getTime() - REFRESH_BEFORE_MS > deps.clock.now().getTime()) return current;
  return deps.db.transaction(async (tx) => {
    const locked = await repo.connectionOf(tx, aziendaId, true);
    if (!locked) return null;
    // Another worker refreshed it while this one waited for the lock.
    if (locked.scadeAt.getTime() - REFRESH_BEFORE_MS > deps.clock.now().getTime()) {
      return open(deps.db, locked.accessToken);
    }
    const refresh = await open(deps.db, locked.refreshToken);
    const t = await tokenCall(deps, { grant_type: 'refresh_token', refresh_token: refresh });
    await repo.saveTokens(tx, aziendaId, await sealTokens(deps, t), deps.clock.now());
    return t.accessToken;
  });
}

function companyOf(c: { id?: number; name?: string; vat_number?: unknown; tax_code?: unknown }): FicCompany | null {
  if (typeof c.id !== 'number' || !c.name) return null;
  const str = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
  return { id: c.id, name: c.name, vat_number: str(c.vat_number), tax_code: str(c.tax_code) };
}

/** The user's companies, and those an accountant's account controls, once each. */
export async function userCompanies(deps: Deps, token: string): Promise<FicCompany[]> {
  const user = (await ficApis(deps.config, token)).user;
  const res = await fic(() => user.listUserCompanies());
  const out = new Map<number, FicCompany>();
  const walk = (list: unknown) => {
    for (const c of (list as { controlled_companies?: unknown }[] | undefined) ?? []) {
      const company = companyOf(c as never);
      if (company && (c as { type?: string }).type !== 'accountant') out.set(company.id, company);
      walk(c.controlled_companies);
    }
  };
  walk(res.data?.companies);
  return [...out.values()];
}

async function status(ctx: CompanyContext, companies?: FicCompany[]): Promise<FicStatus> {
  const row = await repo.connectionOf(ctx.db, ctx.company.id);
  if (!row) return { connected: false, configured: configured(ctx.deps), companies: [], company: null };
  if (!companies) {
    const token = await accessToken(ctx.deps, ctx.company.id).catch(asAppError);
    companies = token ? await userCompanies(ctx.deps, token).catch(asAppError) : [];
  }
  const chosen = row.ficCompanyId === null ? null : (companies.find((c) => c.id === row.ficCompanyId) ?? null);
  return {
    connected: true,
    configured: configured(ctx.deps),
    companies,
    company:
      chosen ??
      (row.ficCompanyId === null
        ? null
        : { id: row.ficCompanyId, name: row.ficCompanyNome ?? '', vat_number: null, tax_code: null }),
  };
}

export const check = (ctx: CompanyContext) => status(ctx);

export async function chooseCompany(ctx: CompanyContext, id: number): Promise<FicStatus> {
  const token = await accessToken(ctx.deps, ctx.company.id).catch(asAppError);
  if (!token) throw new AppError('FIC_NOT_CONNECTED', 'Collegare prima Fatture in Cloud');
  const companies = await userCompanies(ctx.deps, token).catch(asAppError);
  const c = companies.find((x) => x.id === id);
  if (!c) {
    throw new AppError('VALIDATION', "Azienda di Fatture in Cloud non disponibile per l'utente collegato", [
      { path: 'id', message: 'Azienda non disponibile' },
    ]);
  }
  await repo.saveCompany(ctx.db, ctx.company.id, c.id, c.name, ctx.clock.now());
  return status(ctx, companies);
}

/** The chosen FiC company and a valid token, or null when not connected or no company chosen. */
export async function session(deps: Deps, aziendaId: string): Promise<{ token: string; companyId: number } | null> {
  const row = await repo.connectionOf(deps.db, aziendaId);
  if (!row || row.ficCompanyId === null) return null;
  const token = await accessToken(deps, aziendaId);
  return token ? { token, companyId: row.ficCompanyId } : null;
}
