/**
 * The alert-code catalogue of the specification (platform section 8) plus the
 * few codes of our own. Every error the API answers carries one of these codes;
 * the status each code answers with is fixed here, once, for server and web.
 */
export const ALERT_CODES = {
  '0004': { status: 400, key: 'alerts.0004' }, // registered but coupon invalid
  '0006': { status: 403, key: 'alerts.0006' }, // limit of new records reached
  '0007': { status: 422, key: 'alerts.0007' }, // customer address incomplete
  '0010': { status: 409, key: 'alerts.0010' }, // email already a username
  '0011': { status: 400, key: 'alerts.0011' }, // coupon invalid
  '0012': { status: 402, key: 'alerts.0012' }, // card invalid
  '0013': { status: 403, key: 'alerts.0013' }, // maximum of master data reached
  '0014': { status: 401, key: 'alerts.0014' }, // token expired
  '0015': { status: 401, key: 'alerts.0015' }, // token invalid
  '0016': { status: 401, key: 'alerts.0016' }, // API session not found
  '0017': { status: 401, key: 'alerts.0017' }, // access from another device
  '0018': { status: 401, key: 'alerts.0018' }, // check username
  '0019': { status: 401, key: 'alerts.0019' }, // check password
  '0020': { status: 401, key: 'alerts.0020' }, // cannot generate refresh token
  '0021': { status: 401, key: 'alerts.0021' }, // token for another device
  '0026': { status: 402, key: 'alerts.0026' }, // card expired
  '0027': { status: 403, key: 'alerts.0027' }, // machine used in a contract
  '0028': { status: 403, key: 'alerts.0028' }, // plant used in a contract
  '0029': { status: 400, key: 'alerts.0029' }, // check machine name and registration number
  '0030': { status: 403, key: 'alerts.0030' }, // contact the supervisor
  '0032': { status: 403, key: 'alerts.0032' }, // job in use by a user
  '0033': { status: 403, key: 'alerts.0033' }, // job in a report
  '0034': { status: 403, key: 'alerts.0034' }, // job in a contract
  '0035': { status: 403, key: 'alerts.0035' }, // check used in an activity
  '-2': { status: 400, key: 'rapportini.alert_range_date_troppo_esteso' }, // statistics range over 12 months
  // Codes of our own, documented in docs/decisions/0006-error-codes-of-our-own.md.
  VALIDATION: { status: 400, key: 'errors.validation' },
  BAD_START_HEADER: { status: 400, key: 'errors.badStartHeader' },
  UNAUTHENTICATED: { status: 401, key: 'errors.unauthenticated' },
  RESET_TOKEN_INVALID: { status: 401, key: 'errors.resetTokenInvalid' },
  FORBIDDEN: { status: 403, key: 'errors.forbidden' },
  NOT_FOUND: { status: 404, key: 'errors.notFound' },
  EMAIL_NOT_FOUND: { status: 404, key: 'errors.emailNotFound' },
  CONFLICT: { status: 409, key: 'errors.conflict' },
  PAYLOAD_TOO_LARGE: { status: 413, key: 'errors.payloadTooLarge' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, key: 'errors.unsupportedMediaType' },
  RATE_LIMITED: { status: 429, key: 'errors.rateLimited' },
  INTERNAL: { status: 500, key: 'errors.internal' },
  // Single sign-on (docs/features/identity.md, SSO).
  SSO_DISABLED: { status: 404, key: 'sso.errors.disabled' },
  SSO_FAILED: { status: 401, key: 'sso.errors.failed' },
  SSO_UNAVAILABLE: { status: 502, key: 'sso.errors.unavailable' },
  // Subscription and payments (docs/features/billing.md, subscription).
  SUBSCRIPTION_EXPIRED: { status: 402, key: 'subscription.errors.expired' },
  CARD_DECLINED: { status: 402, key: 'subscription.errors.cardDeclined' },
  CARD_3DS_FAILED: { status: 402, key: 'subscription.errors.threeDsFailed' },
  // Technicians and groups (docs/features/identity.md, users).
  OTP_INVALID: { status: 401, key: 'users.errors.otpInvalid' },
  LAST_ADMIN: { status: 409, key: 'users.errors.lastAdmin' },
  // Options (docs/features/shell.md, options): the company's SMTP server refused or did not answer.
  SMTP_FAILED: { status: 502, key: 'options.errors.smtpFailed' },
  // Media (docs/features/registries.md, media and storage): the company's storage space is full.
  STORAGE_QUOTA_EXCEEDED: { status: 413, key: 'media.errors.quotaExceeded' },
  // Geolocation: the paid option is off, so positions are neither kept nor shown.
  GEOLOCATION_DISABLED: { status: 409, key: 'geolocation.errors.disabled' },
  // Customers (docs/decisions/0015-usage-links.md): a customer with contracts or work reports, or whose
  // plants or machines are in a contract, is not deleted.
  CUSTOMER_IN_USE: { status: 403, key: 'customers.errors.inUse' },
  // Duplicates (docs/decisions/0019-duplicates-and-search.md): a code that may never repeat, and a value that may
  // repeat only once the user confirms (the save sent again with confermaDuplicati: true).
  DUPLICATE_CODE: { status: 409, key: 'errors.duplicateCode' },
  DUPLICATE: { status: 409, key: 'errors.duplicate' },
  // Work reports (docs/decisions/0020-work-reports.md): closing with mandatory custom fields or checks
  // empty (fields name them); editing a closed report without the reopening option, or a completed one;
  // completing a report that is not closed, or twice.
  REPORT_MANDATORY_FIELDS: { status: 400, key: 'reports.errors.mandatory' },
  REPORT_NOT_EDITABLE: { status: 409, key: 'reports.errors.notEditable' },
  REPORT_COMPLETED: { status: 409, key: 'reports.errors.completed' },
  REPORT_NOT_CLOSED: { status: 409, key: 'reports.errors.notClosed' },
  // FatturaPA (decision 0050): reports that cannot make one invoice (not closed, several customers), or a fiscal
  // datum of the company or the customer missing (the message lists them).
  FATTURAPA_NOT_INVOICEABLE: { status: 422, key: 'reports.errors.fatturaPaNotInvoiceable' },
  FATTURAPA_MISSING_DATA: { status: 422, key: 'reports.errors.fatturaPaMissingData' },
  // Passepartout Mexal (decision 0052): the WebAPI refused the user and password (never tried again by itself), or
  // could not be reached / answered something else.
  MEXAL_LOGIN_REFUSED: { status: 422, key: 'integrations.mexal.errors.refused' },
  MEXAL_UNAVAILABLE: { status: 502, key: 'integrations.mexal.errors.unavailable' },
  // Signature (docs/decisions/0025-signature.md): a mailed signing link unknown, used, expired, or whose
  // report can no longer be signed.
  SIGNATURE_LINK_INVALID: { status: 410, key: 'signature.errors.linkInvalid' },
  // The customer's signature locks when the report closes (issue 24): a closed report's signature is neither
  // replaced nor cleared; reopening (with the option) says whether to clear it.
  SIGNATURE_LOCKED: { status: 409, key: 'signature.errors.locked' },
  // Outbound mail (issue 22): the company's hourly allowance of recipients for reports and signing links
  // (MAIL_RECIPIENTS_PER_HOUR) is spent; answered with Retry-After.
  MAIL_LIMIT_REACHED: { status: 429, key: 'reports.errors.mailLimit' },
  // Clocking (docs/decisions/0045-clocking.md): an interval is open (or none is, to close); a slot beginning
  // before the previous one ends; travel out of order (outward, then return); a record that is not free to
  // remove; a change in an approved month; the office's travel without a technician; a save with nothing in it.
  CLOCKING_OPEN_INTERVAL: { status: 409, key: 'clocking.errors.openInterval' },
  CLOCKING_NO_OPEN_INTERVAL: { status: 409, key: 'clocking.errors.noOpenInterval' },
  CLOCKING_OVERLAP: { status: 409, key: 'clocking.errors.overlap' },
  CLOCKING_TRAVEL_SEQUENCE: { status: 409, key: 'clocking.errors.travelSequence' },
  CLOCKING_NOT_FREE: { status: 409, key: 'clocking.errors.notFree' },
  CLOCKING_MONTH_APPROVED: { status: 409, key: 'clocking.errors.monthApproved' },
  CLOCKING_TECHNICIAN_REQUIRED: { status: 400, key: 'clocking.errors.technicianRequired' },
  CLOCKING_NO_DATA: { status: 400, key: 'clocking.errors.noData' },
  CLOCKING_DISABLED: { status: 409, key: 'clocking.errors.disabled' },
  // Accounting (decision 0051): the server has no Fatture in Cloud client id; an OAuth state unknown, used or
  // expired; the company not connected to Fatture in Cloud (or no company chosen there); Fatture in Cloud refused
  // or did not answer (its message); a management tool the product cannot send reports to (Danea: a file).
  FIC_NOT_CONFIGURED: { status: 409, key: 'accounting.errors.notConfigured' },
  FIC_STATE: { status: 400, key: 'accounting.errors.state' },
  FIC_NOT_CONNECTED: { status: 409, key: 'accounting.errors.notConnected' },
  FIC_ERROR: { status: 502, key: 'accounting.errors.fic' },
  NO_EXPORTER: { status: 409, key: 'accounting.errors.noExporter' },
} as const satisfies Record<string, { status: number; key: string }>;

export type AlertCode = keyof typeof ALERT_CODES;

export function statusOf(code: AlertCode): number {
  return ALERT_CODES[code].status;
}

export function isAlertCode(value: unknown): value is AlertCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ALERT_CODES, value);
}

/** Body of every error answer. `fields` names the invalid fields of a VALIDATION error. */
export interface ErrorBody {
  success: false;
  code: AlertCode;
  message: string;
  fields?: { path: string; message: string }[];
}
