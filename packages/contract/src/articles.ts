import { z } from 'zod';
import {
  defineTable,
  LIST_DEFAULT_SIZE,
  LIST_MAX_SIZE,
  listQuerySchema,
  listTotalShape,
  tableInfosSchema,
  knownTotal,
} from './lists.js';
import { decimalField, optionalText, priceField, REQUIRED_MESSAGE, requiredSearchTerm, searchTerm } from './fields.js';
import { VAT_MESSAGES, VAT_RATE_INT_DIGITS, vatProblem } from './vat.js';

/**
 * Articles (spec operations sections 3, 7): /anagraficaarticoli/... under the
 * page key anagrafica_articoli. Field lengths are the CSV import's
 * (imports-fields.ts), so a row valid there is valid here.
 */
export const ARTICLES_TABLE = defineTable({
  name: 'articoli',
  columns: [
    { key: 'codice', label: 'articles.fields.codice', sortable: true },
    { key: 'riferimento_esterno', label: 'articles.fields.riferimento_esterno', sortable: true },
    { key: 'descrizione', label: 'articles.fields.descrizione', sortable: true },
    { key: 'unita_misura', label: 'articles.fields.unita_misura', sortable: false },
    { key: 'prezzo_vendita', label: 'articles.fields.prezzo_vendita', sortable: false, prices: true },
    { key: 'prezzo_acquisto', label: 'articles.fields.prezzo_acquisto', sortable: false, prices: true },
    { key: 'aliquota_iva', label: 'articles.fields.aliquota_iva', sortable: false },
    { key: 'natura_iva', label: 'articles.fields.natura_iva', sortable: false },
    { key: 'note', label: 'articles.fields.note', sortable: false },
  ],
  minColumns: 2,
  maxColumns: 6,
  defaultColumns: ['codice', 'riferimento_esterno', 'descrizione', 'unita_misura', 'prezzo_vendita'],
  defaultSort: 'codice',
});
export type ArticleColumn = (typeof ARTICLES_TABLE.columns)[number]['key'];

/** Articles are cached 3 minutes in the web (spec operations section 9). */
export const ARTICLES_CACHE_MS = 3 * 60_000;

export const ARTICLE_MAX = {
  codice: 50,
  riferimento_esterno: 100,
  descrizione: 500,
  unita_misura: 20,
  note: 2000,
} as const;
/** Results of search as you type (POST /anagraficaarticoli/articoli/research). */
export const RESEARCH_DEFAULT_LIMIT = 20;
export const RESEARCH_MAX_LIMIT = 50;
/** Results of GET /anagraficaarticoli/articoli-filtered. */
export const FILTERED_MAX = 200;

export const articleSchema = z.object({
  id: z.string(),
  codice: z.string(),
  riferimento_esterno: z.string().nullable(),
  descrizione: z.string(),
  unita_misura: z.string().nullable(),
  /** Decimal strings with 2 places ("12.50"), never floats. */
  prezzo_vendita: z.string().nullable(),
  prezzo_acquisto: z.string().nullable(),
  /** The VAT rate ("22.00", "0.00") or null: the company's default for goods (option aliquote_iva/beni). */
  aliquota_iva: z.string().nullable(),
  /** The FatturaPA nature of a 0% rate (N1 ... N7, VAT_NATURES), null otherwise. */
  natura_iva: z.string().nullable(),
  note: z.string().nullable(),
});
export type Article = z.infer<typeof articleSchema>;

const text = optionalText;
const price = priceField;

/** A VAT rate: a percentage with at most 2 decimals below 100 ("22", "5,5"); empty is null. */
export const vatRateField = decimalField({ decimals: 2, intDigits: VAT_RATE_INT_DIGITS });
/** A nature code (trimmed, upper-cased); empty is null. Its validity is checked with the rate. */
export const vatNatureField = z
  .string()
  .trim()
  .toUpperCase()
  .max(10)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** The rate and nature together: a field error on natura_iva with its code (VAT_MESSAGES). */
export function checkVat(
  v: { aliquota_iva: string | null; natura_iva: string | null },
  ctx: { addIssue: (issue: { code: 'custom'; path: string[]; message: string; params: { problem: string } }) => void },
) {
  const problem = vatProblem(v.aliquota_iva, v.natura_iva);
  if (problem) {
    ctx.addIssue({ code: 'custom', path: ['natura_iva'], message: VAT_MESSAGES[problem], params: { problem } });
  }
}

/** POST /anagraficaarticoli/articoli: creates (no id) or updates (id). */
export const articleSaveRequest = z
  .object({
    id: z.uuid().optional(),
    codice: z.string().trim().min(1, REQUIRED_MESSAGE).max(ARTICLE_MAX.codice),
    riferimento_esterno: text(ARTICLE_MAX.riferimento_esterno),
    descrizione: z.string().trim().min(1, REQUIRED_MESSAGE).max(ARTICLE_MAX.descrizione),
    unita_misura: text(ARTICLE_MAX.unita_misura),
    prezzo_vendita: price,
    prezzo_acquisto: price,
    /** Empty or left out: the company's default rate for goods. */
    aliquota_iva: vatRateField,
    /** Required with a 0 rate, refused with any other (VAT_MESSAGES). */
    natura_iva: vatNatureField,
    note: text(ARTICLE_MAX.note),
    /** The user confirmed saving an external reference another article has (409 DUPLICATE otherwise). */
    confermaDuplicati: z.boolean().optional(),
  })
  .strip()
  .superRefine(checkVat);
export type ArticleSave = z.input<typeof articleSaveRequest>;

/**
 * A duplicate warning: other articles of the company with the same code or external reference
 * (case and spaces aside). A new or changed code another article has is refused (409
 * DUPLICATE_CODE); an external reference another has is refused (409 DUPLICATE) until the
 * user confirms; the save then answers the warnings with the item.
 */
export const ARTICLE_DUPLICATE_FIELDS = ['codice', 'riferimento_esterno'] as const;
export const articleWarningSchema = z.object({
  code: z.literal('DUPLICATE'),
  field: z.enum(ARTICLE_DUPLICATE_FIELDS),
  articoli: z.array(z.object({ id: z.string(), codice: z.string(), descrizione: z.string() })),
});
export type ArticleWarning = z.infer<typeof articleWarningSchema>;

/** The save answers success with the warnings (same shape as the customers' save). */
export const articleSaveResponse = z.object({
  success: z.literal(true),
  item: articleSchema,
  warnings: z.array(articleWarningSchema),
});

/** Column filters of the admin list and of articoli-filtered: contains, case aside. */
const filter = searchTerm;
export const articlesFiltersSchema = z
  .object({ codice: filter, riferimento_esterno: filter, descrizione: filter, unita_misura: filter })
  .strict();
export type ArticlesFilters = z.infer<typeof articlesFiltersSchema>;

const articoliListQuery = listQuerySchema(ARTICLES_TABLE);
/** POST /anagraficaarticoli/articoli/admin: page, size, sort, dir, q, column filters, tableInfos (as the customers'). */
export const articlesAdminRequest = z
  .object({
    page: z.number().int().min(1).max(1_000_000).default(1),
    size: z.number().int().min(1).max(LIST_MAX_SIZE).default(LIST_DEFAULT_SIZE),
    sort: articoliListQuery.shape.sort,
    dir: z.enum(['asc', 'desc']).default('asc'),
    q: searchTerm,
    filters: articlesFiltersSchema.prefault({}),
    /** The total answered for the same search and filters (see `knownTotal`). */
    totale: knownTotal,
    tableInfos: z.boolean().default(false),
  })
  .strict();
export type ArticlesAdminQuery = z.input<typeof articlesAdminRequest>;

export const articlesAdminResponse = z.object({
  success: z.literal(true),
  items: z.array(articleSchema),
  ...listTotalShape,
  tableInfos: tableInfosSchema.optional(),
});

/** GET /anagraficaarticoli/articoli-filtered?codice=..&descrizione=..: at most FILTERED_MAX, by code. */
export const articlesFilteredQuery = articlesFiltersSchema.extend({ q: searchTerm });

export const articlesResearchRequest = z
  .object({
    q: requiredSearchTerm,
    limit: z.number().int().min(1).max(RESEARCH_MAX_LIMIT).default(RESEARCH_DEFAULT_LIMIT),
  })
  .strict();

export const articlesListResponse = z.object({ success: z.literal(true), items: z.array(articleSchema) });

/** GET /anagraficaarticoli/articoli/all also answers the plan limit of articles. */
export const articlesLimitSchema = z.object({ used: z.number().int(), allowed: z.number().int() });
export const articlesAllResponse = articlesListResponse.extend({ limit: articlesLimitSchema });

export const articleRemoveRequest = z.object({ ids: z.array(z.uuid()).min(1).max(200) }).strict();
