import { z } from 'zod';

/**
 * The customer's acceptance of a work report (issue 12, docs/decisions/0025-signature.md): the
 * signature as a PNG drawn on a pad, the signer's name, the time recorded by the server, and for
 * a signature given through a mailed link the client's address.
 */

/** Largest signature image accepted, decoded (a 3x-density phone pad draws 20-60 KB). */
export const SIGNATURE_MAX_BYTES = 300 * 1024;

export const signatureSchema = z.object({
  media_id: z.string(),
  firmatario: z.string(),
  /** ISO instant recorded by the server. */
  firmato_il: z.string(),
  /** Signed through the mailed link rather than on the technician's or the office's screen. */
  remoto: z.boolean(),
  /** The client's address, for a remote signature. */
  ip: z.string().optional(),
});
export type Signature = z.infer<typeof signatureSchema>;

/** A PNG as a data URL (data:image/png;base64,...) or bare base64; its bytes are checked by the server. */
export const signaturePng = z
  .string()
  .trim()
  .min(1, 'Firma mancante')
  .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 64, 'Immagine della firma troppo grande')
  .regex(/^(data:image\/png;base64,)?[A-Za-z0-9+/]+={0,2}$/, 'Immagine PNG in base64 attesa');

export const signerField = z.string().trim().min(1, 'Nome del firmatario obbligatorio').max(120);

/** POST /rapportini/rapportino/firma */
export const signatureRequest = z
  .object({ id: z.string().uuid(), firmatario: signerField, png: signaturePng })
  .strict();
export type SignatureRequest = z.input<typeof signatureRequest>;

/** POST /rapportini/rapportino/firma/link: email defaults to the customer's. */
export const signatureLinkRequest = z
  .object({
    id: z.string().uuid(),
    email: z.string().trim().email('Indirizzo email non valido').max(200).optional(),
  })
  .strict();
export type SignatureLinkRequest = z.input<typeof signatureLinkRequest>;
export const signatureLinkResponse = z.object({
  success: z.literal(true),
  email: z.string(),
  /** ISO instant the link stops working. */
  scadenza: z.string(),
});
export type SignatureLinkResponse = z.infer<typeof signatureLinkResponse>;

/** POST /public/firma/{token} */
export const publicSignatureRequest = z.object({ firmatario: signerField, png: signaturePng }).strict();

/** GET /public/firma/{token}: what the customer is asked to accept, without prices. */
export const publicSignatureSummary = z.object({
  /** The company that asks for the signature (the page names it, not the product). */
  azienda: z.string(),
  azienda_contatti: z.object({
    indirizzo: z.string().nullable(),
    telefono: z.string().nullable(),
    email: z.string().nullable(),
  }),
  numero_assistenza: z.string(),
  data_apertura: z.string(),
  cliente: z.string(),
  impianto: z.string().nullable(),
  richiesta_iniziale: z.string().nullable(),
  tecnici: z.array(z.string()),
  giornate: z.array(
    z.object({
      data: z.string(),
      tecnico: z.string(),
      totale_ore: z.string(),
      km_viaggio: z.string(),
      ore_viaggio: z.string(),
    }),
  ),
  materiali: z.array(
    z.object({
      codice: z.string().nullable(),
      descrizione: z.string(),
      quantita: z.string(),
      unita: z.string().nullable(),
    }),
  ),
  totale_ore: z.string(),
  scadenza: z.string(),
});
export type PublicSignatureSummary = z.infer<typeof publicSignatureSummary>;
export const publicSignatureResponse = z.object({ success: z.literal(true), item: publicSignatureSummary });
export const publicSignatureSignedResponse = z.object({
  success: z.literal(true),
  firmatario: z.string(),
  firmato_il: z.string(),
});
