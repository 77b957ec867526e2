import type { Config } from '../../../../config.js';

/** The SDK, loaded on first use (about 0.4 s of a start otherwise, for a company that may never connect). */
const sdk = () => import('@fattureincloud/fattureincloud-ts-sdk');

/**
 * Fatture in Cloud through its official SDK (decision 0051): the OAuth manager and the API classes, with base
 * addresses from the configuration (FIC_OAUTH_URL, FIC_BASE_URL) so tests reach the local fake. Every call's failure
 * becomes a `FicError` with Fatture in Cloud's status, message and Retry-After.
 */

/** What the export needs and no more: clients (find or create), the issued document types it makes, VAT types. */
export const ficScopes = async () => {
  const { Scope } = await sdk();
  return [
    Scope.ENTITY_CLIENTS_ALL,
    Scope.ISSUED_DOCUMENTS_ORDERS_ALL,
    Scope.ISSUED_DOCUMENTS_DELIVERY_NOTES_ALL,
    Scope.ISSUED_DOCUMENTS_PROFORMAS_ALL,
    Scope.ISSUED_DOCUMENTS_INVOICES_ALL,
    Scope.ISSUED_DOCUMENTS_WORK_REPORTS_ALL,
    Scope.SETTINGS_READ,
  ];
};

const TIMEOUT_MS = 20_000;

export class FicError extends Error {
  constructor(
    message: string,
    /** Fatture in Cloud's HTTP status; null: no answer (network, timeout). */
    readonly status: number | null,
    /** The wait a 429 asked for (Retry-After, or the rate-limit reset), in ms. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'FicError';
  }
}

export async function oauthManager(config: Config, redirectUri: string) {
  const { OAuth2AuthorizationCodeManager } = await sdk();
  return new OAuth2AuthorizationCodeManager(
    config.FIC_CLIENT_ID ?? '',
    config.FIC_CLIENT_SECRET ?? '',
    redirectUri,
    config.FIC_OAUTH_URL.replace(/\/$/, ''),
  );
}

export async function ficApis(config: Config, accessToken: string) {
  const { ClientsApi, Configuration, InfoApi, IssuedDocumentsApi, UserApi } = await sdk();
  const conf = new Configuration({
    accessToken,
    basePath: config.FIC_BASE_URL.replace(/\/$/, ''),
    baseOptions: { timeout: TIMEOUT_MS },
  });
  return {
    clients: new ClientsApi(conf),
    documents: new IssuedDocumentsApi(conf),
    info: new InfoApi(conf),
    user: new UserApi(conf),
  };
}
export type FicApis = Awaited<ReturnType<typeof ficApis>>;

interface AxiosLike {
  response?: { status: number; data?: unknown; headers?: Record<string, unknown> };
  message?: string;
}

/** Retry-After in seconds or as an HTTP date, else FiC's `ratelimit-reset` (seconds). */
export function retryAfterOf(headers: Record<string, unknown> | undefined, now = Date.now()): number | null {
  const h = (name: string) => {
    const v = headers?.[name];
    return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
  };
  const ra = h('retry-after') ?? h('ratelimit-reset') ?? h('x-ratelimit-reset');
  if (ra === null) return null;
  if (/^\d+$/.test(ra.trim())) return Number(ra) * 1000;
  const at = Date.parse(ra);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Fatture in Cloud's own message from an error body (`{ error: { message } }` or `{ error, error_description }`). */
function messageOf(data: unknown): string | null {
  if (!data || typeof data !== 'object') return typeof data === 'string' && data ? data.slice(0, 500) : null;
  const d = data as { error?: unknown; error_description?: unknown; message?: unknown };
  if (typeof d.error_description === 'string') return d.error_description;
  if (d.error && typeof d.error === 'object') {
    const e = d.error as { message?: unknown; validation_result?: unknown };
    const details =
      e.validation_result && typeof e.validation_result === 'object'
        ? Object.values(e.validation_result as Record<string, unknown>)
            .flat()
            .filter((x) => typeof x === 'string')
            .join('; ')
        : '';
    if (typeof e.message === 'string') return details ? `${e.message} (${details})` : e.message;
  }
  if (typeof d.error === 'string') return d.error;
  if (typeof d.message === 'string') return d.message;
  return null;
}

export function ficErrorOf(err: unknown): FicError {
  if (err instanceof FicError) return err;
  const e = err as AxiosLike;
  if (e?.response) {
    const status = e.response.status;
    const msg = messageOf(e.response.data) ?? `HTTP ${status}`;
    return new FicError(msg, status, status === 429 ? (retryAfterOf(e.response.headers) ?? 60_000) : null);
  }
  return new FicError(`Fatture in Cloud non raggiungibile: ${e?.message ?? String(err)}`, null);
}

/** Runs one call of the SDK, its failure as a FicError. */
export async function fic<T>(call: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await call()).data;
  } catch (err) {
    throw ficErrorOf(err);
  }
}
