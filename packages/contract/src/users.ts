import { z } from 'zod';
import { optionalText, priceField, REQUIRED_MESSAGE } from './fields.js';
import { PAGE_KEYS, type PageKey, type PagePermission, type PermissionMap } from './permissions.js';

/**
 * Wire shapes of technicians and users (GET/POST /users/...), permission groups
 * (/gruppi/...), app access by one-time code and media (spec platform sections 3, 5, 7).
 */
export const USER_LANGUAGES = ['IT', 'EN', 'ES', 'FR', 'DE'] as const;

const price = priceField;

function isTimeZoneName(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const userRefSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  username: z.string(),
});
export type UserRef = z.infer<typeof userRefSchema>;

/** A user as GET /users/users and /users/user/{id} answer it. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  username: z.string(),
  /** null in the list for callers without gestione_tecnici read (planning screens see names only). */
  email: z.string().nullable(),
  lingua: z.string(),
  role: z.enum(['admin', 'user']),
  superuser: z.boolean(),
  status: z.enum(['ACTIVE', 'DISABLED']),
  scheduleenabled: z.enum(['Y', 'N']),
  netPriceKm: z.string().nullable(),
  netPriceOreViaggio: z.string().nullable(),
  netPriceTecnico: z.string().nullable(),
  timezone: z.string(),
  signature: z.string().nullable(),
  media: z.object({ id: z.string() }).nullable(),
  gruppo: z.object({ id: z.string(), name: z.string() }).nullable(),
  ordine: z.number().int(),
  /** Job roles the user holds (mansioni; a held job role cannot be deleted, 0032). */
  mansioni: z.array(z.object({ id: z.string(), nome: z.string() })),
});
export type User = z.infer<typeof userSchema>;

/** Technician licences: used = active users with scheduleenabled Y; allowed = min(licences, plan limit). */
export const licencesSchema = z.object({
  used: z.number().int(),
  licences: z.number().int(),
  planLimit: z.number().int().nullable(),
  allowed: z.number().int(),
});
export type Licences = z.infer<typeof licencesSchema>;

/** The longest values of a user's text fields (the form's limits are these). */
export const USER_MAX = { name: 100, surname: 100, username: 120, email: 200, password: 200 } as const;

/** The longest name of a permission group. */
export const PERMISSION_GROUP_MAX = { name: 100 } as const;

/**
 * POST /users/user: creates (no id; password required) or updates (id). The
 * signature is never taken from this payload; read-only fields a client sends
 * back (signature, media, gruppo, ordine, superuser, ...) are dropped. Language and time zone left
 * out: a new user takes the company's (lingua_default, timezone), a saved one keeps theirs.
 */
export const userSaveRequest = z
  .object({
    id: z.uuid().optional(),
    name: optionalText(USER_MAX.name),
    surname: optionalText(USER_MAX.surname),
    username: z
      .string()
      .trim()
      .min(1, { message: REQUIRED_MESSAGE, abort: true })
      .max(USER_MAX.username)
      .regex(/^[^\s]+$/, 'Senza spazi'),
    email: z
      .union([z.literal(''), z.string().trim().email('Indirizzo email non valido').max(USER_MAX.email)])
      .nullable()
      .optional()
      .transform((v) => (v ? v.toLowerCase() : null)),
    password: z
      .string()
      .min(8, 'Almeno 8 caratteri')
      .max(USER_MAX.password)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Required to change one's own password (ignored otherwise). */
    passwordAttuale: z.string().max(USER_MAX.password).optional(),
    lingua: z.enum(USER_LANGUAGES).optional(),
    role: z.enum(['admin', 'user']).default('user'),
    scheduleenabled: z.enum(['Y', 'N']).default('N'),
    status: z.enum(['ACTIVE', 'DISABLED']).default('ACTIVE'),
    netPriceKm: price,
    netPriceOreViaggio: price,
    netPriceTecnico: price,
    timezone: z.string().trim().min(1).max(64).refine(isTimeZoneName, 'Fuso orario non valido').optional(),
    /** Ids of the job roles the user holds; omitted leaves them as they are. */
    mansioni: z.array(z.uuid()).max(100).optional(),
  })
  .strip();
export type UserSave = z.input<typeof userSaveRequest>;

export const swapOrderRequest = z.object({ id1: z.uuid(), id2: z.uuid() }).strict();

/* ---------- permission groups ---------- */

export const pagePermissionSchema = z.object({
  userRead: z.boolean(),
  userWrite: z.boolean(),
  userDelete: z.boolean(),
  companyRead: z.boolean(),
  companyWrite: z.boolean(),
  companyDelete: z.boolean(),
});

export const permissionGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  permissions: z.record(z.enum(PAGE_KEYS), pagePermissionSchema),
  membri: z.array(userRefSchema),
});
export type PermissionGroup = z.infer<typeof permissionGroupSchema>;

export const permissionGroupSaveRequest = z
  .object({
    id: z.uuid().optional(),
    name: z.string().trim().min(1, REQUIRED_MESSAGE).max(PERMISSION_GROUP_MAX.name),
    permissions: z.partialRecord(z.enum(PAGE_KEYS), pagePermissionSchema.strict()).default({}),
    membri: z.array(z.uuid()).max(1000).default([]),
  })
  .strict();
export type PermissionGroupSave = z.input<typeof permissionGroupSaveRequest>;

const NONE: PagePermission = {
  userRead: false,
  userWrite: false,
  userDelete: false,
  companyRead: false,
  companyWrite: false,
  companyDelete: false,
};

/** A group's stored (possibly partial) permissions as a full map: missing keys allow nothing. */
export function groupPermissionMap(stored: Partial<Record<PageKey, PagePermission>> | null | undefined): PermissionMap {
  return Object.fromEntries(PAGE_KEYS.map((k) => [k, { ...NONE, ...(stored?.[k] ?? {}) }])) as PermissionMap;
}

/* ---------- app access by one-time code ---------- */

export const generateOtpResponse = z.object({
  success: z.literal(true),
  OTP: z.string(),
  /** What the QR code encodes: `${PUBLIC_URL}/public/app-access?otp=...`. */
  url: z.string(),
  expiresInSec: z.number().int(),
});
export type GenerateOtp = z.infer<typeof generateOtpResponse>;

export const appAccessRequest = z.object({ otp: z.string().trim().min(16).max(128) }).strict();
