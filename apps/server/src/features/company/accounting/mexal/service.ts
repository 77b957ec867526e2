import { mexalLoginRequest, type MexalConnection, type MexalLoginRequest } from '@fs/contract';
import type { CompanyContext } from '../../../../platform/context.js';
import type { Deps } from '../../../../platform/deps.js';
import { AppError } from '../../../../platform/errors.js';
import { open, seal } from '../../options/secret-box.js';
import { mexalAddressRefusal } from './address.js';
import { MexalClient, MexalFailed, MexalRefused } from './client.js';
import { MexalUnreachable, type MexalCredentials, type MexalHttpOptions } from './http.js';
import * as repo from './repo.js';

/**
 * The company's Mexal connection (issue 29, decision 0052): GET /mexal/check, POST /mexal/login, POST /mexal/logout.
 * Admins only. The login checks the credentials with one harmless call; a refusal (401/403) is kept and never tried
 * again by itself: Mexal locks the WebAPI user after a few failures.
 */

/** One call waits at most this long. */
export const MEXAL_TIMEOUT_MS = 20_000;

export function httpOptions(deps: Deps): MexalHttpOptions {
  return { resolve: deps.resolve, allowPrivate: deps.config.WEBHOOKS_ALLOW_PRIVATE, timeoutMs: MEXAL_TIMEOUT_MS };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function present(row: repo.ConnectionRow | undefined): MexalConnection {
  if (!row) {
    return {
      stato: 'NON_CONNESSO',
      indirizzo: null,
      utente: null,
      azienda: null,
      anno: null,
      connessoIl: null,
      rifiutatoIl: null,
      messaggio: null,
    };
  }
  return {
    stato: row.stato,
    indirizzo: row.indirizzo,
    utente: row.utente,
    azienda: row.codiceAzienda,
    anno: row.anno,
    connessoIl: iso(row.connessoIl),
    rifiutatoIl: row.stato === 'RIFIUTATO' ? iso(row.rifiutatoIl) : null,
    messaggio: row.stato === 'RIFIUTATO' ? row.messaggio : null,
  };
}

export async function check(ctx: CompanyContext): Promise<MexalConnection> {
  return present(await repo.findConnection(ctx.db, ctx.company.id));
}

export const refusedMessage = (detail: string) =>
  `Mexal ha rifiutato utente e password (${detail}). Per non bloccare l'utente WebAPI non verrà ritentato: ` +
  'un amministratore deve accedere di nuovo con la password corretta.';

export async function login(ctx: CompanyContext, input: MexalLoginRequest): Promise<MexalConnection> {
  const body = mexalLoginRequest.parse(input);
  const why = await mexalAddressRefusal(body.indirizzo, ctx.deps.resolve, ctx.deps.config.WEBHOOKS_ALLOW_PRIVATE);
  if (why) throw new AppError('VALIDATION', why, [{ path: 'indirizzo', message: why }]);
  const creds: MexalCredentials = {
    indirizzo: body.indirizzo,
    utente: body.utente,
    password: body.password,
    azienda: body.azienda,
    anno: body.anno,
  };
  const base = {
    indirizzo: body.indirizzo,
    utente: body.utente,
    password: await seal(ctx.deps.db, body.password),
    codiceAzienda: body.azienda,
    anno: body.anno,
  };
  try {
    await new MexalClient(creds, httpOptions(ctx.deps)).installation();
  } catch (err) {
    if (err instanceof MexalRefused) {
      const at = ctx.clock.now();
      const messaggio = refusedMessage(err.message);
      await repo.saveConnection(ctx.db, ctx.company.id, {
        ...base,
        stato: 'RIFIUTATO',
        connessoIl: null,
        rifiutatoIl: at,
        messaggio,
        at,
      });
      throw new AppError('MEXAL_LOGIN_REFUSED', messaggio);
    }
    if (err instanceof MexalUnreachable || err instanceof MexalFailed) {
      throw new AppError('MEXAL_UNAVAILABLE', err.message);
    }
    throw err;
  }
  const at = ctx.clock.now();
  await repo.saveConnection(ctx.db, ctx.company.id, {
    ...base,
    stato: 'CONNESSO',
    connessoIl: at,
    rifiutatoIl: null,
    messaggio: null,
    at,
  });
  return check(ctx);
}

export async function logout(ctx: CompanyContext): Promise<MexalConnection> {
  await repo.deleteConnection(ctx.db, ctx.company.id);
  return check(ctx);
}

/** The stored connection with its password opened, for the exporter. */
export async function connectionOf(
  deps: Deps,
  aziendaId: string,
): Promise<{ row: repo.ConnectionRow; creds: MexalCredentials } | null> {
  const row = await repo.findConnection(deps.db, aziendaId);
  if (!row) return null;
  return {
    row,
    creds: {
      indirizzo: row.indirizzo,
      utente: row.utente,
      password: await open(deps.db, row.password),
      azienda: row.codiceAzienda,
      anno: row.anno,
    },
  };
}
