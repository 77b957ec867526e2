import { z } from 'zod';
import { optionalText, parseDecimal, REQUIRED_MESSAGE, requiredText } from './fields.js';

/**
 * Custom configuration of the work report (spec operations sections 3, 7; route
 * /custom-intervention, permission personalizza_interventi): the company's custom fields, the
 * six positions they sit in, and the numbering of reports.
 */

/** The kinds of custom field the configuration offers, and how a report shows each (`tipo_campo`). */
export const CUSTOM_FIELD_TYPES = [
  'testo_breve',
  'testo_lungo',
  'numero',
  'vero_falso',
  'data',
  'scelta',
  'ora',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export const CUSTOM_FIELD_INPUTS = {
  testo_breve: 'text',
  testo_lungo: 'textarea',
  numero: 'number',
  vero_falso: 'boolean',
  data: 'date',
  scelta: 'select',
  ora: 'time',
} as const satisfies Record<CustomFieldType, string>;
export type CustomFieldInput = (typeof CUSTOM_FIELD_INPUTS)[CustomFieldType];

/** The six positions of a report where custom fields sit, in the order the report shows them. */
export const CUSTOM_FIELD_POSITIONS = [
  'intestazione',
  'richiesta_iniziale',
  'ore_lavorate',
  'materiale',
  'controlli',
  'chiusura',
] as const;
export type CustomFieldPosition = (typeof CUSTOM_FIELD_POSITIONS)[number];

export const CUSTOM_FIELD_MAX = { nome: 80, valore: 500, scelta: 80, scelte: 50 } as const;
/** Most custom fields a company may configure. */
export const CUSTOM_FIELDS_MAX = 100;

export const visibilitySchema = z.object({ app: z.boolean(), web: z.boolean(), stampa: z.boolean() }).strict();
export type Visibility = z.infer<typeof visibilitySchema>;

export const customFieldConfigSchema = z.object({
  id: z.string(),
  nome: z.string(),
  tipo: z.enum(CUSTOM_FIELD_TYPES),
  tipo_campo: z.string(),
  /** The default value a new report starts with. */
  valore: z.string().nullable(),
  obbligatorio: z.boolean(),
  abilitazione: z.boolean(),
  /** The value a closing report must hold (e.g. "true" for a safety declaration), or null. */
  valore_richiesto: z.string().nullable(),
  posizione: z.enum(CUSTOM_FIELD_POSITIONS),
  ordine: z.number().int(),
  visibilita: visibilitySchema,
  /** Invoicing link: the article whose price the field's value (a number, or 1 when filled) is charged at. */
  articolo_id: z.string().nullable(),
  articolo_codice: z.string().nullable(),
  scelte: z.array(z.string()),
});
export type CustomFieldConfig = z.infer<typeof customFieldConfigSchema>;

/**
 * A number field's value as typed the Italian way ("1,5", "-2.450,75", "1.200", "3") in its canonical
 * form, without trailing decimal zeros ("1.5", "-2450.75", "1200"); other types, and what cannot be
 * read, as they are (the check then names it).
 */
export function customFieldValueNormalised(tipo: CustomFieldType, value: string): string {
  const t = value.trim();
  if (tipo !== 'numero' || t === '') return value;
  const negative = t.startsWith('-');
  const r = parseDecimal(negative ? t.slice(1) : t, { decimals: 4, intDigits: 9 });
  if (!('value' in r)) return value;
  const plain = r.value.includes('.') ? r.value.replace(/\.?0+$/, '') : r.value;
  return negative && /[1-9]/.test(plain) ? `-${plain}` : plain;
}

/** A real calendar date YYYY-MM-DD (31 February is none: `Date.parse` would take it as 3 March). */
function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** Is `value` acceptable for a field of this type (empty is always acceptable here; mandatory is checked on closing)? */
export function customFieldValueProblem(
  tipo: CustomFieldType,
  value: string,
  scelte: readonly string[] = [],
): string | null {
  if (value === '') return null;
  switch (tipo) {
    case 'testo_breve':
      return value.length > 200 ? 'Al massimo 200 caratteri' : null;
    case 'testo_lungo':
      return value.length > 5000 ? 'Al massimo 5000 caratteri' : null;
    case 'numero':
      return /^-?\d{1,9}(\.\d{1,4})?$/.test(value) ? null : 'Numero non valido';
    case 'vero_falso':
      return value === 'true' || value === 'false' ? null : 'Deve essere sì o no';
    case 'data':
      return isCalendarDate(value) ? null : 'Data non valida';
    case 'ora':
      return /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? null : 'Ora non valida (HH:MM)';
    case 'scelta':
      return scelte.includes(value) ? null : 'Valore non tra le scelte';
  }
}

/** POST /configuration/intervento: creates (no id) or updates a custom field; `ordine` of the others is kept. */
export const customFieldConfigSaveRequest = z
  .object({
    id: z.string().uuid().optional(),
    nome: requiredText(CUSTOM_FIELD_MAX.nome),
    tipo: z.enum(CUSTOM_FIELD_TYPES),
    valore: optionalText(CUSTOM_FIELD_MAX.valore),
    obbligatorio: z.boolean().default(false),
    abilitazione: z.boolean().default(true),
    valore_richiesto: optionalText(CUSTOM_FIELD_MAX.valore),
    posizione: z.enum(CUSTOM_FIELD_POSITIONS),
    visibilita: visibilitySchema.default({ app: true, web: true, stampa: true }),
    articolo_id: z.string().uuid().nullable().optional(),
    scelte: z.array(requiredText(CUSTOM_FIELD_MAX.scelta)).max(CUSTOM_FIELD_MAX.scelte).default([]),
    /** Fields of this position in their new order (the dragged order); the saved field included when it has an id. */
    ordine_posizione: z.array(z.string().uuid()).max(CUSTOM_FIELDS_MAX).optional(),
  })
  .strict()
  // A number's default and required value are read as a report's value is (decision 0022): "1,5", "1.200".
  .transform((v) => ({
    ...v,
    valore: v.valore === null ? null : customFieldValueNormalised(v.tipo, v.valore),
    valore_richiesto: v.valore_richiesto === null ? null : customFieldValueNormalised(v.tipo, v.valore_richiesto),
  }))
  .superRefine((v, ctx) => {
    if (v.tipo === 'scelta' && v.scelte.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['scelte'], message: 'Indica almeno una scelta' });
    }
    if (new Set(v.scelte).size !== v.scelte.length) {
      ctx.addIssue({ code: 'custom', path: ['scelte'], message: 'Scelte ripetute' });
    }
    for (const key of ['valore', 'valore_richiesto'] as const) {
      const value = v[key];
      const problem = value === null ? null : customFieldValueProblem(v.tipo, value, v.scelte);
      if (problem) ctx.addIssue({ code: 'custom', path: [key], message: problem });
    }
  });
export type CustomFieldConfigSaveRequest = z.input<typeof customFieldConfigSaveRequest>;

export const customFieldsConfigResponse = z.object({
  success: z.literal(true),
  items: z.array(customFieldConfigSchema),
});
export const customFieldConfigSaveResponse = z.object({ success: z.literal(true), item: customFieldConfigSchema });

export const positionsResponse = z.object({
  success: z.literal(true),
  items: z.array(z.object({ codice: z.enum(CUSTOM_FIELD_POSITIONS), ordine: z.number().int() })),
});

/* ---------- numbering ---------- */

/** Tokens of a numbering pattern: {PREFISSO}, {ANNO} (2026), {AA} (26), {NUMERO} (the padded progressive). */
export const NUMBERING_TOKENS = ['{PREFISSO}', '{ANNO}', '{AA}', '{NUMERO}'] as const;

export const numberingSchema = z.object({
  prefisso: z.string(),
  formato: z.string(),
  cifre: z.number().int(),
  azzeramento_annuale: z.boolean(),
  /** The progressive the next report of the current year will take. */
  prossimo_numero: z.number().int(),
  /** What the next report's number will look like. */
  anteprima: z.string(),
});
export type Numbering = z.infer<typeof numberingSchema>;

export const NUMBERING_DEFAULT = { prefisso: '', formato: '{ANNO}/{NUMERO}', cifre: 5, azzeramento_annuale: true };

/** The number a report gets: the pattern with its tokens replaced. */
export function formatNumero(
  n: { prefisso: string; formato: string; cifre: number },
  anno: number,
  progressivo: number,
): string {
  return n.formato
    .replaceAll('{PREFISSO}', n.prefisso)
    .replaceAll('{ANNO}', String(anno))
    .replaceAll('{AA}', String(anno % 100).padStart(2, '0'))
    .replaceAll('{NUMERO}', String(progressivo).padStart(n.cifre, '0'));
}

export const numberingSaveRequest = z
  .object({
    prefisso: z
      .string()
      .trim()
      .max(20, 'Al massimo 20 caratteri')
      .regex(/^[A-Za-z0-9/_.-]*$/, 'Solo lettere, cifre e / _ . -'),
    formato: z
      .string()
      .trim()
      .min(1, REQUIRED_MESSAGE)
      .max(60, 'Al massimo 60 caratteri')
      .refine((f) => f.includes('{NUMERO}'), 'Il formato deve contenere {NUMERO}')
      .refine(
        (f) => f.replace(/\{(PREFISSO|ANNO|AA|NUMERO)\}/g, '').match(/^[A-Za-z0-9/_. -]*$/) !== null,
        'Segnaposto ammessi: {PREFISSO}, {ANNO}, {AA}, {NUMERO}',
      ),
    cifre: z.number().int().min(1, 'Almeno 1 cifra').max(10, 'Al massimo 10 cifre'),
    azzeramento_annuale: z.boolean(),
    /** Start the current year's numbers from here (only forwards: a number already given is never given again). */
    prossimo_numero: z.number().int().min(1).max(999_999_999).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    // Without a yearly reset the number alone must tell reports apart; with it, the year must be in the pattern.
    if (v.azzeramento_annuale && !/\{(ANNO|AA)\}/.test(v.formato)) {
      ctx.addIssue({
        code: 'custom',
        path: ['formato'],
        message: "Con l'azzeramento annuale il formato deve contenere {ANNO} o {AA}",
      });
    }
  });
export type NumberingSaveRequest = z.input<typeof numberingSaveRequest>;

export const numberingResponse = z.object({ success: z.literal(true), item: numberingSchema });
