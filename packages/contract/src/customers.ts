import { z } from 'zod';
import {
  recipientCodeField,
  decimalField,
  optionalVatNumberField,
  optionalText,
  pecField,
  REQUIRED_MESSAGE,
  searchTerm,
} from './fields.js';
import { defineTable, LIST_MAX_SIZE, listQuerySchema, listTotalShape, tableInfosSchema } from './lists.js';
import { isItalianProvince, isValidPostcode, isValidTaxCode } from './validators.js';

/**
 * Customers (clienti) with contacts, plants (impianti) and machines (macchinari):
 * spec operations sections 3, 5, 7, 8. Wire names as the spec's.
 */

export const CUSTOMERS_TABLE = defineTable({
  name: 'clienti',
  columns: [
    { key: 'codice', label: 'customers.fields.codice', sortable: true },
    { key: 'ragione_sociale', label: 'customers.fields.ragione_sociale', sortable: true },
    { key: 'partita_iva', label: 'customers.fields.partita_iva', sortable: true },
    { key: 'codice_fiscale', label: 'customers.fields.codice_fiscale', sortable: true },
    { key: 'telefono', label: 'customers.fields.telefono', sortable: false },
    { key: 'cellulare', label: 'customers.fields.cellulare', sortable: false },
    { key: 'email', label: 'customers.fields.email', sortable: false },
    { key: 'pec', label: 'customers.fields.pec', sortable: false },
    { key: 'codice_destinatario', label: 'customers.fields.codice_destinatario', sortable: false },
    { key: 'indirizzo', label: 'customers.fields.indirizzo', sortable: false },
    { key: 'citta', label: 'customers.fields.citta', sortable: true },
    { key: 'provincia', label: 'customers.fields.provincia', sortable: true },
    { key: 'cap', label: 'customers.fields.cap', sortable: false },
    { key: 'km_viaggio', label: 'customers.fields.km_viaggio', sortable: false },
    { key: 'ore_viaggio', label: 'customers.fields.ore_viaggio', sortable: false },
    { key: 'created_at', label: 'customers.fields.created_at', sortable: true },
  ],
  minColumns: 2,
  maxColumns: 8,
  defaultColumns: ['codice', 'ragione_sociale', 'partita_iva', 'citta', 'provincia', 'telefono'],
  defaultSort: 'ragione_sociale',
});
export type CustomerColumn = (typeof CUSTOMERS_TABLE)['columns'][number]['key'];

/** Filters of the customer list (query string of clienti-filtered, `filters` of the admin list). */
export const customersFiltersSchema = z
  .object({
    citta: searchTerm,
    provincia: z
      .string()
      .trim()
      .max(10)
      .optional()
      .transform((v) => v?.toUpperCase() || undefined),
    nazione: z
      .string()
      .trim()
      .max(2)
      .optional()
      .transform((v) => v?.toUpperCase() || undefined),
    /** 'true': placed on the map; 'false': not placed. */
    geolocalizzato: z.enum(['true', 'false']).optional(),
  })
  .strict();
export type CustomersFilters = z.infer<typeof customersFiltersSchema>;

export const customersListQuery = listQuerySchema(CUSTOMERS_TABLE).extend(customersFiltersSchema.shape).strict();
export const customersAdminRequest = z
  .object({
    page: z.number().int().min(1).max(1_000_000).default(1),
    size: z.number().int().min(1).max(200).default(25),
    sort: customersListQuery.shape.sort,
    dir: z.enum(['asc', 'desc']).default('asc'),
    q: searchTerm,
    filters: customersFiltersSchema.prefault({}),
    tableInfos: z.boolean().default(false),
  })
  .strict();

export const contactSchema = z.object({
  id: z.string(),
  clienteId: z.string(),
  nome: z.string(),
  ruolo: z.string().nullable(),
  telefono: z.string().nullable(),
  email: z.string().nullable(),
  note: z.string().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

export const customerSchema = z.object({
  id: z.string(),
  codice: z.string().nullable(),
  ragione_sociale: z.string(),
  codice_fiscale: z.string().nullable(),
  partita_iva: z.string().nullable(),
  telefono: z.string().nullable(),
  cellulare: z.string().nullable(),
  email: z.string().nullable(),
  /** E-invoicing: certified mail and SDI recipient code. */
  pec: z.string().nullable(),
  codice_destinatario: z.string().nullable(),
  note: z.string().nullable(),
  indirizzo: z.string().nullable(),
  citta: z.string().nullable(),
  provincia: z.string().nullable(),
  cap: z.string().nullable(),
  nazione: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Decimals as strings ("12.50"), never binary floats. */
  km_viaggio: z.string().nullable(),
  ore_viaggio: z.string().nullable(),
  created_at: z.string(),
  /** Only in the detail (GET /clienti/cliente/{id}). */
  recapiti: z.array(contactSchema).optional(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customersListResponse = z.object({
  success: z.literal(true),
  items: z.array(customerSchema),
  ...listTotalShape,
  tableInfos: tableInfosSchema.optional(),
});

/** Light rows for pickers (GET /clienti/clienti). */
export const customerRefSchema = z.object({
  id: z.string(),
  ragione_sociale: z.string(),
  codice: z.string().nullable(),
  citta: z.string().nullable(),
});

/** GET /clienti/clienti (pickers): the search, page from 1, size 1..200 (50 by default). */
export const customerRefsQuery = z
  .object({
    q: searchTerm,
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    size: z.coerce.number().int().min(1).max(LIST_MAX_SIZE).default(50),
  })
  .strict();

/** The picker's answer: light rows, and a total counted up to LIST_COUNT_THRESHOLD (`totalePiuDi` past it). */
export const customerRefsResponse = z.object({
  success: z.literal(true),
  items: z.array(customerRefSchema),
  ...listTotalShape,
});

const text = optionalText;
const decimal = (intDigits: number) => decimalField({ decimals: 2, intDigits });

/** POST /clienti/cliente: without id creates, with id updates. */
export const customerSaveRequest = z
  .object({
    id: z.uuid().optional(),
    codice: text(50),
    ragione_sociale: z.string().trim().min(1, REQUIRED_MESSAGE).max(200),
    codice_fiscale: text(16)
      .transform((v) => v?.toUpperCase() ?? null)
      .refine((v) => v === null || isValidTaxCode(v), 'Codice fiscale non valido'),
    partita_iva: optionalVatNumberField,
    telefono: text(40),
    cellulare: text(40),
    email: text(200).refine((v) => v === null || z.email().safeParse(v).success, 'Email non valida'),
    pec: pecField,
    codice_destinatario: recipientCodeField,
    note: text(4000),
    indirizzo: text(200),
    citta: text(100),
    provincia: text(10).transform((v) => v?.toUpperCase() ?? null),
    cap: text(10),
    nazione: z
      .string()
      .trim()
      .length(2)
      .transform((v) => v.toUpperCase())
      .default('IT'),
    km_viaggio: decimal(6),
    ore_viaggio: decimal(4),
    /** The user confirmed saving a VAT number or tax code another customer has (409 DUPLICATE otherwise). */
    confermaDuplicati: z.boolean().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    // Addresses in Italy: a five-digit CAP and a province from the list; abroad, looser rules.
    if (v.cap && !isValidPostcode(v.cap, v.nazione))
      ctx.addIssue({
        code: 'custom',
        path: ['cap'],
        message: v.nazione === 'IT' ? 'CAP di 5 cifre' : 'Codice postale non valido',
      });
    if (v.provincia && v.nazione === 'IT' && !isItalianProvince(v.provincia))
      ctx.addIssue({ code: 'custom', path: ['provincia'], message: 'Sigla di provincia italiana non valida' });
  });
export type CustomerSaveRequest = z.input<typeof customerSaveRequest>;

export const DUPLICATE_FIELDS = ['codice', 'partita_iva', 'codice_fiscale'] as const;
export const customerWarningSchema = z.object({
  code: z.literal('DUPLICATE'),
  field: z.enum(DUPLICATE_FIELDS),
  clienti: z.array(z.object({ id: z.string(), ragione_sociale: z.string() })),
});
export type CustomerWarning = z.infer<typeof customerWarningSchema>;

/** The save answers success with the warnings: duplicates, and alert 0007 when the address cannot be placed. */
export const customerSaveResponse = z.object({
  success: z.literal(true),
  item: customerSchema,
  warnings: z.array(customerWarningSchema),
  alert: z.literal('0007').optional(),
  message: z.string().optional(),
});

export const customerRemoveRequest = z.object({ ids: z.array(z.uuid()).min(1).max(200) }).strict();
export const customerGeolocationRequest = z
  .object({
    id: z.uuid(),
    latitude: z.number().min(-90).max(90).nullable(),
    longitude: z.number().min(-180).max(180).nullable(),
  })
  .strict()
  .refine((v) => (v.latitude === null) === (v.longitude === null), {
    path: ['longitude'],
    message: 'Latitudine e longitudine insieme',
  });

export const contactSaveRequest = z
  .object({
    id: z.uuid().optional(),
    clienteId: z.uuid(),
    nome: z.string().trim().min(1, REQUIRED_MESSAGE).max(120),
    ruolo: text(80),
    telefono: text(40),
    email: text(200).refine((v) => v === null || z.email().safeParse(v).success, 'Email non valida'),
    note: text(1000),
  })
  .strict();

/* ---------- plants and machines ---------- */

export const plantSchema = z.object({
  id: z.string(),
  clienteId: z.string(),
  nome: z.string(),
  indirizzo: z.string().nullable(),
  citta: z.string().nullable(),
  provincia: z.string().nullable(),
  cap: z.string().nullable(),
  note: z.string().nullable(),
  macchinari_count: z.number().int(),
});
export type Plant = z.infer<typeof plantSchema>;

export const plantSaveRequest = z
  .object({
    id: z.uuid().optional(),
    clienteId: z.uuid(),
    nome: z.string().trim().min(1, REQUIRED_MESSAGE).max(120),
    indirizzo: text(200),
    citta: text(100),
    provincia: text(10).transform((v) => v?.toUpperCase() ?? null),
    cap: text(10),
    note: text(4000),
  })
  .strict();

/**
 * Machine name and registration number rules (alert 0029 when broken): name 1-120
 * characters, not only spaces; matricola 1-50 characters of letters, digits, space
 * and - / . _ , unique in the company (case aside).
 */
export const SERIAL_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 \-/._]{0,49}$/;
export function isValidMachineName(v: string): boolean {
  const t = v.trim();
  return t.length >= 1 && t.length <= 120;
}
export function isValidSerialNumber(v: string): boolean {
  return SERIAL_NUMBER_PATTERN.test(v.trim());
}

export const machineSchema = z.object({
  id: z.string(),
  impiantiId: z.string(),
  parentId: z.string().nullable(),
  livello: z.number().int(),
  nome: z.string(),
  matricola: z.string(),
  note: z.string().nullable(),
});
export type Machine = z.infer<typeof machineSchema>;

/** Name and matricola are checked by the service (0029), so they are plain strings here. */
export const machineSaveRequest = z
  .object({
    id: z.uuid().optional(),
    impiantiId: z.uuid(),
    parentId: z
      .uuid()
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    livello: z.number().int().min(2).max(5).default(2),
    nome: z.string().max(500),
    matricola: z.string().max(500),
    note: text(4000),
  })
  .strict();
