import { ALERT_CODES, isAlertCode, type AlertCode } from '@fs/contract';
import type { TFunction } from 'i18next';

export interface FieldError {
  path: string;
  message: string;
}

/** Every failed call ends as one of these: HTTP status, alert code, message, invalid fields. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: AlertCode | null;
  readonly fields: FieldError[];
  /** Seconds to wait before trying again (a 429's Retry-After), when the server said. */
  readonly retryAfterSec: number | null;

  constructor(
    status: number,
    code: AlertCode | null,
    message: string,
    fields: FieldError[] = [],
    retryAfterSec: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfterSec = retryAfterSec;
  }
}

/** Status 0 means the server could not be reached. */
export const NETWORK_STATUS = 0;

export async function errorFromResponse(res: Response): Promise<ApiError> {
  let body: { code?: unknown; message?: unknown; fields?: unknown } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    body = {};
  }
  const code = isAlertCode(body.code) ? body.code : null;
  const message = typeof body.message === 'string' ? body.message : res.statusText || `HTTP ${res.status}`;
  const fields = Array.isArray(body.fields) ? (body.fields as FieldError[]) : [];
  const retryAfter = Number(res.headers.get('retry-after') ?? '');
  return new ApiError(
    res.status,
    code,
    message,
    fields,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The user-facing, translated text of any error. A text may say how long to wait: `{{minutes}}`, from
 * the answer's Retry-After (an hour when it gave none).
 */
export function errorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    if (error.code) {
      return t(ALERT_CODES[error.code].key, {
        minutes: Math.max(1, Math.ceil((error.retryAfterSec ?? 3600) / 60)),
        // The server's own words, for the texts that show them (what a FatturaPA misses).
        detail: error.message,
      });
    }
    if (error.status === NETWORK_STATUS) return t('errors.network');
    return error.message;
  }
  if (error instanceof Error) return error.message;
  return t('errors.unknown');
}

/**
 * The server's field errors of a failed save as a form's errors (each message
 * through `message`, the server's own by default); null when it named no field.
 */
export function formErrorsOf(
  error: unknown,
  message: (f: FieldError) => string = (f) => f.message,
): Record<string, string> | null {
  return isApiError(error) && error.fields.length
    ? Object.fromEntries(error.fields.map((f) => [f.path, message(f)]))
    : null;
}
