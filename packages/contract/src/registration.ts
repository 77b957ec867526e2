import { z } from 'zod';
import { optionalText, vatNumberField, REQUIRED_MESSAGE, requiredEmail, requiredText } from './fields.js';
import { LIMITS, PLAN_TYPES } from './plans.js';

/**
 * Registration of a new company (spec platform sections 2, 5, 7):
 * /access/register steps 1 to 4 and the promo variant. Wire names are Italian
 * where the spec's are; the rest follow the company form.
 */
export const TRIAL_DAYS = 30;
export const MAX_REGISTRATION_LICENCES = 50;
export const PASSWORD_MIN = 8;

const text = requiredText;

/** The longest values of the registration's fields (the steps' limits are these). */
export const REGISTER_MAX = {
  name: 100,
  surname: 100,
  email: 200,
  username: 120,
  password: 200,
  ragione_sociale: 200,
  partita_iva: 11,
  telefono: 40,
  indirizzo: 200,
  citta: 100,
  provincia: 2,
  cap: 10,
  codice_fiscale: 16,
  pec: 200,
  coupon: 64,
} as const;

/** Step 1: the administrator's account. */
export const registerAccountFields = {
  name: text(REGISTER_MAX.name),
  surname: text(REGISTER_MAX.surname),
  email: requiredEmail(REGISTER_MAX.email).transform((v) => v.toLowerCase()),
  username: z
    .string()
    .trim()
    .min(1, { message: REQUIRED_MESSAGE, abort: true })
    .min(3, 'Almeno 3 caratteri')
    .max(REGISTER_MAX.username)
    .regex(/^[A-Za-z0-9._@-]+$/, 'Solo lettere, cifre e . _ @ -'),
  password: z
    .string()
    .min(PASSWORD_MIN, `La password deve avere almeno ${PASSWORD_MIN} caratteri`)
    .max(REGISTER_MAX.password),
  password_confirm: z.string().max(REGISTER_MAX.password),
  lingua: z.enum(['IT', 'EN', 'ES', 'FR', 'DE']).default('IT'),
};

export const registerVatNumber = vatNumberField;

/** Step 2: the company, the plan and the terms. */
export const registerCompanyFields = {
  ragione_sociale: text(REGISTER_MAX.ragione_sociale),
  partita_iva: registerVatNumber,
  telefono: optionalText(REGISTER_MAX.telefono),
  indirizzo: optionalText(REGISTER_MAX.indirizzo),
  citta: optionalText(REGISTER_MAX.citta),
  provincia: optionalText(REGISTER_MAX.provincia),
  cap: optionalText(REGISTER_MAX.cap),
  nazione: z.string().trim().length(2).toUpperCase().default('IT'),
  subscription_type: z.enum(PLAN_TYPES),
  /** Technician licences of the plan, from the first day of the trial. */
  tecnici: z.number().int().min(1).max(MAX_REGISTRATION_LICENCES),
  termini_accettati: z.boolean(),
};

type Checkable = {
  password?: string;
  password_confirm?: string;
  termini_accettati?: boolean;
  subscription_type?: string;
  tecnici?: number;
};

/** The cross-field rules: passwords match, terms accepted, lite at most 3 technicians. */
function crossRules(v: Checkable, ctx: z.RefinementCtx) {
  if (v.password !== undefined && v.password_confirm !== undefined && v.password !== v.password_confirm) {
    ctx.addIssue({ code: 'custom', path: ['password_confirm'], message: 'Le password non coincidono' });
  }
  if (v.termini_accettati === false) {
    ctx.addIssue({ code: 'custom', path: ['termini_accettati'], message: 'Accettare i termini per proseguire' });
  }
  if (v.subscription_type === 'lite' && v.tecnici !== undefined && v.tecnici > LIMITS.liteMaxTechnicians) {
    ctx.addIssue({
      code: 'custom',
      path: ['tecnici'],
      message: `Il piano lite consente al massimo ${LIMITS.liteMaxTechnicians} tecnici`,
    });
  }
}

/** POST /register/check: any subset of the fields; what is present is validated and checked. */
export const registerCheckRequest = z
  .object({
    email: registerAccountFields.email.optional(),
    username: registerAccountFields.username.optional(),
    password: registerAccountFields.password.optional(),
    password_confirm: registerAccountFields.password_confirm.optional(),
    partita_iva: registerVatNumber.optional(),
    subscription_type: registerCompanyFields.subscription_type.optional(),
    tecnici: registerCompanyFields.tecnici.optional(),
    termini_accettati: z.boolean().optional(),
  })
  .strict()
  .superRefine(crossRules);
export type RegisterCheckRequest = z.input<typeof registerCheckRequest>;

/** POST /register/init: steps 1 and 2 together; creates the company in free trial. */
export const registerInitRequest = z
  .object({ ...registerAccountFields, ...registerCompanyFields })
  .strict()
  .superRefine(crossRules);
export type RegisterInitRequest = z.input<typeof registerInitRequest>;

export const registerInitItem = z.object({
  azienda_id: z.string(),
  partita_iva: z.string(),
  username: z.string(),
  subscription_type: z.enum(PLAN_TYPES),
  tecnici: z.number().int(),
  scadenza_trial_date: z.string(),
  /** Opaque token for steps 3 and 4 (card on file), valid for a day. */
  token: z.string(),
});
export type RegisterInitItem = z.infer<typeof registerInitItem>;

/** GET /register/checkout?token=...: where the card step lives, and what it is for. */
export const registerCheckoutQuery = z.object({ token: z.string().min(20).max(200) }).strict();
export const registerCheckoutSummary = z.object({
  ragione_sociale: z.string(),
  subscription_type: z.enum(PLAN_TYPES),
  tecnici: z.number().int(),
  scadenza_trial_date: z.string(),
  /** Yearly price of the licences after the trial, cents without VAT. */
  prezzo_annuo_cents: z.number().int(),
  card: z.object({ last4: z.string(), brand: z.string() }).nullable(),
});
export type RegisterCheckoutSummary = z.infer<typeof registerCheckoutSummary>;

/** POST /register/init-promo: one page, the essentials and a coupon. */
export const registerPromoRequest = z
  .object({
    ...registerAccountFields,
    ragione_sociale: registerCompanyFields.ragione_sociale,
    partita_iva: registerVatNumber,
    subscription_type: registerCompanyFields.subscription_type.default('premium'),
    tecnici: registerCompanyFields.tecnici.default(3),
    coupon: z.string().trim().min(1, REQUIRED_MESSAGE).max(REGISTER_MAX.coupon),
    termini_accettati: z.boolean(),
  })
  .strict()
  .superRefine(crossRules);
export type RegisterPromoRequest = z.input<typeof registerPromoRequest>;

export const registerPromoItem = z.object({
  azienda_id: z.string(),
  partita_iva: z.string(),
  username: z.string(),
  scadenza_trial_date: z.string(),
  coupon_valido: z.boolean(),
  /** Lets /register-promo-completa-dati complete the company data afterwards (7 days, single use). */
  token_v2: z.string(),
});
export type RegisterPromoItem = z.infer<typeof registerPromoItem>;

/** GET and POST /register/promo-completa-dati (token_v2). */
export const promoCompleteQuery = z.object({ token: z.string().min(20).max(200) }).strict();
export const promoCompleteRequest = z
  .object({
    token: z.string().min(20).max(200),
    codice_fiscale: optionalText(REGISTER_MAX.codice_fiscale),
    pec: z
      .union([z.literal(''), z.string().trim().email('Indirizzo PEC non valido').max(REGISTER_MAX.pec)])
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
    telefono: optionalText(REGISTER_MAX.telefono),
    indirizzo: text(REGISTER_MAX.indirizzo),
    citta: text(REGISTER_MAX.citta),
    provincia: optionalText(REGISTER_MAX.provincia),
    cap: text(REGISTER_MAX.cap),
    nazione: z.string().trim().length(2).toUpperCase().default('IT'),
  })
  .strict();
export type PromoCompleteRequest = z.input<typeof promoCompleteRequest>;
export const promoCompanySummary = z.object({
  ragione_sociale: z.string(),
  partita_iva: z.string(),
  codice_fiscale: z.string().nullable(),
  pec: z.string().nullable(),
  telefono: z.string().nullable(),
  indirizzo: z.string().nullable(),
  citta: z.string().nullable(),
  provincia: z.string().nullable(),
  cap: z.string().nullable(),
  nazione: z.string(),
});
export type PromoCompanySummary = z.infer<typeof promoCompanySummary>;

/* ---------- company deletion request ---------- */

/** Hours of the working day the restore window counts (company time zone, Monday to Friday). */
export const WORKING_HOURS = { open: 9, close: 18, days: [1, 2, 3, 4, 5] as number[] };
export const DELETION_RESTORE_WORKING_HOURS = 3;

export const deletionRequest = z.object({ conferma: z.literal(true) }).strict();
export const deletionStatus = z.object({
  /** When the request was made, ISO; null when none is pending. */
  richiesta_at: z.string().nullable(),
  /** When the data goes: 3 working hours after the request. Restore is possible until then. */
  eliminazione_at: z.string().nullable(),
});
export type DeletionStatus = z.infer<typeof deletionStatus>;
