import { z } from 'zod';
import { isoDateTime } from './dates.js';
import { httpAddress } from './fields.js';

/**
 * Passepartout Mexal (issue 29; decision 0052): the company signs in to its Mexal WebAPI with the address, the WebAPI
 * user and password, the company code (azienda) and the accounting year (anno). The password is kept sealed and
 * never answered. A password Mexal refuses (401/403) is never tried again by itself: Mexal locks the user after a few
 * failures, so the connection stays refused, and every export stops, until an admin signs in again.
 * Admins only (permission integrazioni_esterne, admin).
 */

/** NON_CONNESSO: never signed in or signed out; CONNESSO: credentials accepted; RIFIUTATO: Mexal refused them. */
export const MEXAL_STATES = ['NON_CONNESSO', 'CONNESSO', 'RIFIUTATO'] as const;
export type MexalState = (typeof MEXAL_STATES)[number];

export const MEXAL_URL_MAX = 500;
/** A company code or another token of the Coordinate-Gestionale header: letters, digits, dot, dash, underscore. */
export const MEXAL_TOKEN_PATTERN = /^[A-Za-z0-9._-]{1,32}$/;

/** The WebAPI address: http(s), a host, no user or password in it (the credentials travel in their own header). */
export const mexalUrl = httpAddress(MEXAL_URL_MAX, {
  required: "L'indirizzo è obbligatorio",
  tooLong: 'Indirizzo troppo lungo',
  invalid: 'Indirizzo non valido: deve iniziare con https:// (o http://) e non contenere credenziali',
});

/** POST /mexal/login. */
export const mexalLoginRequest = z
  .object({
    indirizzo: mexalUrl,
    utente: z
      .string()
      .trim()
      .min(1, "L'utente è obbligatorio")
      .max(100)
      .refine((v) => !v.includes(':'), "L'utente non può contenere i due punti"),
    password: z.string().min(1, 'La password è obbligatoria').max(200),
    azienda: z
      .string()
      .trim()
      .regex(MEXAL_TOKEN_PATTERN, 'Codice azienda: solo lettere, cifre, punto, trattino e trattino basso (max 32)'),
    anno: z.coerce.number().int().min(1900, 'Anno non valido').max(2999, 'Anno non valido'),
  })
  .strict();
export type MexalLoginRequest = z.input<typeof mexalLoginRequest>;

/** The connection as the admin sees it: never the password. */
export const mexalConnection = z.object({
  stato: z.enum(MEXAL_STATES),
  indirizzo: z.string().nullable(),
  utente: z.string().nullable(),
  azienda: z.string().nullable(),
  anno: z.number().int().nullable(),
  /** When the credentials were last accepted. */
  connessoIl: isoDateTime.nullable(),
  /** When Mexal refused them (state RIFIUTATO), and its answer. */
  rifiutatoIl: isoDateTime.nullable(),
  messaggio: z.string().nullable(),
});
export type MexalConnection = z.infer<typeof mexalConnection>;

export const mexalConnectionResponse = z.object({ success: z.literal(true), item: mexalConnection });
