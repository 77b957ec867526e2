import { z } from 'zod';
import { priceField } from './fields.js';

/**
 * Contracts as far as work reports need them (issue 11): a report may be on one of its
 * customer's contracts, and takes the contract's prices when the contract enables them
 * (abilitaPrezziContratto). The contracts issue adds the wizard, activities and renewal.
 */

export const TIPI_CONTRATTO = ['manutenzione', 'chiamata'] as const;
export type TipoContratto = (typeof TIPI_CONTRATTO)[number];

/** The contract's unit prices, each optional (not set: the technician's or the company's price applies). */
export const prezziContrattoSchema = z
  .object({
    ora: priceField,
    ora_viaggio: priceField,
    km: priceField,
    trasferta: priceField,
    pranzo: priceField,
    cena: priceField,
    pernottamento: priceField,
    diritto_chiamata: priceField,
    importo_forfait: priceField,
  })
  .partial();
export type PrezziContratto = z.output<typeof prezziContrattoSchema>;

/** One contract of a customer, as the report form and the report list's filter show it. */
export const contrattoBreveSchema = z.object({
  id: z.string(),
  identificativo: z.string(),
  descrizione: z.string().nullable(),
  tipo: z.enum(TIPI_CONTRATTO),
  data_inizio: z.string().nullable(),
  data_fine: z.string().nullable(),
  cessato: z.boolean(),
  abilitaPrezziContratto: z.boolean(),
  /** Hours left on an on-call contract. */
  ore_residue: z.string().nullable(),
});
export type ContrattoBreve = z.infer<typeof contrattoBreveSchema>;

/** GET /contratti/cliente/{id}: the customer's contracts, active first. */
export const contrattiClienteResponse = z.object({ success: z.literal(true), items: z.array(contrattoBreveSchema) });
