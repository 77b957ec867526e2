import { z } from 'zod';
import {
  recipientCodeField,
  optionalText,
  vatNumberField,
  pecField,
  REQUIRED_MESSAGE,
  requiredEmail,
} from './fields.js';
import { PAGE_KEYS } from './permissions.js';

const pagePermission = z.object({
  userRead: z.boolean(),
  userWrite: z.boolean(),
  userDelete: z.boolean(),
  companyRead: z.boolean(),
  companyWrite: z.boolean(),
  companyDelete: z.boolean(),
});

export const permissionsSchema = z.object({
  lastUpdate: z.string(),
  permissions: z.record(z.enum(PAGE_KEYS), pagePermission),
});

/** A company's partita IVA: required, 11 digits, the right check digit (each with its own message). */
export const vatNumber = vatNumberField;

export const loginRequest = z
  .object({
    piva: z.string().trim().min(1).max(32),
    username: z.string().trim().min(1).max(120),
    password: z.string().min(1).max(200),
  })
  .strict();
export type LoginRequest = z.infer<typeof loginRequest>;

/** Company data carried on the session user (spec platform section 3). */
export const companyMapSchema = z.object({
  id: z.string(),
  ragione_sociale: z.string(),
  partita_iva: z.string(),
  subscription_type: z.enum(['lite', 'premium', 'platinum']),
  subscription_confirmed: z.boolean(),
  scadenza_trial_date: z.string().nullable(),
  scadenza_abbonamento_date: z.string().nullable(),
  start_abbonamento_date: z.string().nullable(),
  dunning: z.boolean(),
  work_flow_primo_accesso: z.number().int(),
  /** The planner version the company chose (1 the old one, 2 the current one; GET /imposta-versione-schedule-vecchia). */
  versione_schedule: z.union([z.literal(1), z.literal(2)]),
  /** The company's IANA time zone (aziende.timezone): the one every day is cut in, for every user. */
  timezone: z.string(),
});
export type CompanyMap = z.infer<typeof companyMapSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  username: z.string(),
  email: z.string().nullable(),
  lingua: z.string(),
  signature: z.string().nullable(),
  scheduleenabled: z.enum(['Y', 'N']),
  role: z.enum(['admin', 'user']),
  superuser: z.boolean(),
  status: z.enum(['ACTIVE', 'DISABLED']),
  primoAccessoCompletato: z.boolean(),
  netPriceKm: z.string().nullable(),
  netPriceOreViaggio: z.string().nullable(),
  netPriceTecnico: z.string().nullable(),
  timezone: z.string(),
  media: z.object({ id: z.string() }).nullable(),
  gruppo: z.object({ id: z.string(), name: z.string() }).nullable(),
  permissions: permissionsSchema,
  aziendamap: companyMapSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The login answer adds the two tokens to the session user. */
export const loginItemSchema = sessionUserSchema.extend({
  token: z.string(),
  refreshToken: z.string(),
});
export type LoginItem = z.infer<typeof loginItemSchema>;

export const accessTokenResponse = z.object({
  success: z.literal(true),
  access_token: z.string(),
  refresh_token: z.string(),
});

export const resetInitRequest = z.object({ email: z.string().trim().email().max(200) }).strict();
export const resetConfirmRequest = z
  .object({
    // Any token text is looked up; a malformed one is simply not found (401), like a used one.
    token: z.string().min(1).max(200),
    password: z.string().min(8, 'La password deve avere almeno 8 caratteri').max(200),
  })
  .strict();

export const languageRequest = z.object({ lingua: z.enum(['IT', 'EN', 'ES', 'FR', 'DE']) }).strict();

/** Company (azienda) as read and written by GET/POST /aziende/azienda. */
export const companySchema = z.object({
  id: z.string(),
  ragione_sociale: z.string(),
  partita_iva: z.string(),
  codice_fiscale: z.string().nullable(),
  mailPrincipale: z.string().nullable(),
  pec: z.string().nullable(),
  codice_destinatario: z.string().nullable(),
  emails: z.array(z.string()),
  telefono: z.string().nullable(),
  indirizzo: z.string().nullable(),
  citta: z.string().nullable(),
  provincia: z.string().nullable(),
  cap: z.string().nullable(),
  nazione: z.string(),
  timezone: z.string(),
  lingua_default: z.string(),
  subscription_type: z.enum(['lite', 'premium', 'platinum']),
  subscription_payment_method: z.enum(['card', 'bank_transfer']),
  subscription_billing_period: z.enum(['monthly', 'yearly']),
  logo: z.object({ id: z.string() }).nullable(),
});
export type Company = z.infer<typeof companySchema>;

/** The longest values of the company's fields (the company and billing forms' limits are these). */
export const COMPANY_MAX = {
  ragione_sociale: 200,
  partita_iva: 11,
  codice_fiscale: 16,
  email: 200,
  emails: 20,
  pec: 200,
  codice_destinatario: 7,
  telefono: 40,
  indirizzo: 200,
  citta: 100,
  provincia: 2,
  cap: 10,
} as const;

export const companyUpdateRequest = z
  .object({
    ragione_sociale: z.string().trim().min(1, REQUIRED_MESSAGE).max(COMPANY_MAX.ragione_sociale),
    partita_iva: vatNumber,
    codice_fiscale: optionalText(COMPANY_MAX.codice_fiscale),
    mailPrincipale: requiredEmail(COMPANY_MAX.email),
    pec: pecField,
    codice_destinatario: recipientCodeField,
    emails: z
      .array(z.string().trim().email('Indirizzo email non valido').max(COMPANY_MAX.email))
      .max(COMPANY_MAX.emails)
      .default([]),
    telefono: optionalText(COMPANY_MAX.telefono),
    indirizzo: optionalText(COMPANY_MAX.indirizzo),
    citta: optionalText(COMPANY_MAX.citta),
    provincia: optionalText(COMPANY_MAX.provincia),
    cap: optionalText(COMPANY_MAX.cap),
    nazione: z.string().trim().length(2).toUpperCase().default('IT'),
    timezone: z.string().trim().min(1).max(64).refine(isTimeZone, 'Fuso orario non valido'),
    lingua_default: z.enum(['IT', 'EN', 'ES', 'FR', 'DE']).default('IT'),
  })
  .strict();
export type CompanyUpdate = z.input<typeof companyUpdateRequest>;

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const menuItemSchema: z.ZodType<{
  id: string;
  name: string;
  to: string;
  icon: string;
  i18nKey: string;
  children?: unknown[];
}> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    to: z.string(),
    icon: z.string(),
    i18nKey: z.string(),
    children: z.array(menuItemSchema).optional(),
  }),
);

export const countrySchema = z.object({ codice: z.string(), nome: z.string() });
export const languageSchema = z.object({ codice: z.string(), locale: z.string(), nome: z.string() });
