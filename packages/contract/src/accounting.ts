import { z } from 'zod';

/**
 * Accounting integration (issue 29; decision 0051): Fatture in Cloud through OAuth 2.0 (authorization code with a
 * `state` the server keeps), and the export state of completed reports, the same for every tool (Fatture in Cloud,
 * Mexal). Admins only (permission integrazioni_esterne, admin), as the options of the management tool integration.
 */

/** A report's export: waiting to be sent (or for a retry), sent (the document exists), failed (the tool refused). */
export const EXPORT_STATES = ['DA_INVIARE', 'INVIATO', 'FALLITO'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

/** How many reports one manual export takes. */
export const ACCOUNTING_EXPORT_MAX = 200;

/** GET /fattureincloud/oauth/init?redirectUri=…: where the web sends the admin to sign in to Fatture in Cloud. */
export const ficInitQuery = z
  .object({
    redirectUri: z
      .string()
      .trim()
      .max(2000)
      .refine((v) => {
        try {
          const u = new URL(v);
          return u.protocol === 'https:' || u.protocol === 'http:';
        } catch {
          return false;
        }
      }, 'Indirizzo di ritorno non valido'),
  })
  .strict();

export const ficInitResponse = z.object({
  success: z.literal(true),
  /** Fatture in Cloud's authorization page, with the product's client id, the scopes and the state. */
  url: z.string(),
  /** The state the server keeps (10 minutes); the return page sends it back with the code. */
  state: z.string(),
});

/** POST /fattureincloud/oauth/login: the code and state Fatture in Cloud handed the return page. */
export const ficLoginRequest = z
  .object({
    code: z.string().trim().min(1).max(2000),
    state: z.string().trim().min(1).max(200),
  })
  .strict();

export const ficCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  vat_number: z.string().nullable(),
  tax_code: z.string().nullable(),
});
export type FicCompany = z.infer<typeof ficCompany>;

export const ficStatus = z.object({
  /** The company holds Fatture in Cloud tokens (a refresh token that has not been refused). */
  connected: z.boolean(),
  /** The server has a Fatture in Cloud client id (FIC_CLIENT_ID): without it nothing can be connected. */
  configured: z.boolean(),
  /** The Fatture in Cloud companies the signed-in user may use (empty when not connected). */
  companies: z.array(ficCompany),
  /** The chosen one: documents are made there. */
  company: ficCompany.nullable(),
});
export type FicStatus = z.infer<typeof ficStatus>;
export const ficStatusResponse = z.object({ success: z.literal(true) }).extend(ficStatus.shape);

/** POST /fattureincloud/company: the Fatture in Cloud company documents are made in. */
export const ficCompanyRequest = z.object({ id: z.number().int().positive() }).strict();

/** A report's export to the management tool. */
export const reportExportState = z.object({
  rapportino_id: z.string(),
  /** The `gestionale` option's value it was sent with (fattureincloud, mexal). */
  strumento: z.string(),
  stato: z.enum(EXPORT_STATES),
  documento_id: z.string().nullable(),
  numero: z.string().nullable(),
  /** Where the document opens in the tool's web app. */
  link: z.string().nullable(),
  /** The tool's message of the last failure. */
  errore: z.string().nullable(),
  tentativi: z.number().int(),
  updated_at: z.string(),
});
export type ReportExportState = z.infer<typeof reportExportState>;

/** GET /gestionale/esportazioni/{id}: the report's export (null: never sent). */
export const reportExportResponse = z.object({ success: z.literal(true), item: reportExportState.nullable() });

/** POST /gestionale/esporta: completed reports to send (again) to the chosen tool. */
export const accountingExportRequest = z.object({ ids: z.array(z.uuid()).min(1).max(ACCOUNTING_EXPORT_MAX) }).strict();
export const accountingExportResponse = z.object({
  success: z.literal(true),
  /** How many were marked to send (completed, not already sent). */
  accodati: z.number().int(),
  /** Those left out, with the reason: not completed, or already sent. */
  esclusi: z.array(
    z.object({ id: z.string(), motivo: z.enum(['NON_COMPLETATO', 'GIA_INVIATO']), message: z.string() }),
  ),
});
