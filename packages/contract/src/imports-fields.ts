import { forbiddenCharacter, forbiddenCharacterMessage } from './characters.js';
import { parseDecimal } from './fields.js';
import { isValidVatNumber, vatNumberProblem } from './validators.js';
import { VAT_MESSAGES, VAT_RATE_INT_DIGITS, vatProblem } from './vat.js';

/** The tables a CSV can be imported into. */
export const IMPORT_TABLES = ['clienti', 'articoli'] as const;
export type ImportTable = (typeof IMPORT_TABLES)[number];

export type ImportFieldType = 'text' | 'integer' | 'decimal' | 'partita_iva' | 'codice_fiscale';

export interface ImportField {
  /** Wire name of the field (the manual form's). */
  name: string;
  required: boolean;
  type: ImportFieldType;
  maxLength: number;
  /** A field that identifies an existing record: a row with the same value overwrites it. */
  key: boolean;
  /** Header names that map to this field automatically (besides its name). */
  aliases: string[];
  /** A price: imported only by a caller who may set prices (the prices permission, read and write). */
  prices?: true;
}

const f = (name: string, type: ImportFieldType, maxLength: number, o: Partial<ImportField> = {}): ImportField => ({
  name,
  type,
  maxLength,
  required: false,
  key: false,
  aliases: [],
  ...o,
});

export const IMPORT_FIELDS: Record<ImportTable, ImportField[]> = {
  clienti: [
    f('codice', 'text', 50, {
      key: true,
      aliases: ['codice cliente', 'id anagrafica', 'id', 'cod', 'registry id', 'customer code'],
    }),
    f('ragione_sociale', 'text', 200, {
      required: true,
      aliases: ['ragione sociale', 'nome', 'denominazione', 'cliente', 'company name', 'name'],
    }),
    f('partita_iva', 'partita_iva', 11, {
      key: true,
      aliases: ['p.iva', 'piva', 'p iva', 'partita iva', 'vat', 'vat number'],
    }),
    f('codice_fiscale', 'codice_fiscale', 16, { key: true, aliases: ['cf', 'c.f.', 'codice fiscale', 'tax code'] }),
    f('telefono', 'text', 30, { aliases: ['tel', 'tel.', 'phone'] }),
    f('cellulare', 'text', 30, { aliases: ['cell', 'cell.', 'mobile'] }),
    f('email', 'text', 200, { aliases: ['e-mail', 'mail'] }),
    f('pec', 'text', 200, { aliases: ['posta certificata', 'e-mail pec', 'certified email'] }),
    f('codice_destinatario', 'text', 7, {
      aliases: ['codice sdi', 'sdi', 'codice destinatario sdi', 'recipient code', 'sdi code'],
    }),
    f('indirizzo', 'text', 200, { aliases: ['via', 'address'] }),
    f('citta', 'text', 100, { aliases: ['città', 'comune', 'city'] }),
    f('provincia', 'text', 2, { aliases: ['prov', 'prov.', 'province'] }),
    f('cap', 'text', 10, { aliases: ['c.a.p.', 'postal code', 'zip'] }),
    f('note', 'text', 2000, { aliases: ['notes'] }),
    f('km_viaggio', 'decimal', 12, { aliases: ['km', 'km viaggio', 'travel km'] }),
    f('ore_viaggio', 'decimal', 12, { aliases: ['ore viaggio', 'travel hours'] }),
  ],
  articoli: [
    f('codice', 'text', 50, { required: true, key: true, aliases: ['codice articolo', 'cod', 'item code', 'code'] }),
    f('riferimento_esterno', 'text', 100, {
      key: true,
      aliases: ['riferimento esterno', 'rif esterno', 'external reference', 'ref'],
    }),
    f('descrizione', 'text', 500, { required: true, aliases: ['description', 'desc'] }),
    f('unita_misura', 'text', 20, { aliases: ['um', 'u.m.', 'unità di misura', 'unit', 'unit of measure'] }),
    f('prezzo_vendita', 'decimal', 12, {
      prices: true,
      aliases: ['prezzo', 'prezzo vendita', 'price', 'sale price'],
    }),
    f('prezzo_acquisto', 'decimal', 12, {
      prices: true,
      aliases: ['costo', 'prezzo acquisto', 'purchase price', 'cost'],
    }),
    f('note', 'text', 2000, { aliases: ['notes'] }),
    f('aliquota_iva', 'decimal', 6, { aliases: ['aliquota', 'iva', 'aliquota iva %', 'vat rate', 'vat'] }),
    f('natura_iva', 'text', 10, { aliases: ['natura', 'natura iva', 'vat nature', 'nature'] }),
  ],
};

export interface FieldProblemOfRow {
  field: string | null;
  code: 'required' | 'too_long' | 'partita_iva' | 'partita_iva_check' | 'codice_fiscale' | 'number' | string;
  message: string;
}

const ODD_CF: Record<string, number> = Object.fromEntries(
  '0:1 1:0 2:5 3:7 4:9 5:13 6:15 7:17 8:19 9:21 A:1 B:0 C:5 D:7 E:9 F:13 G:15 H:17 I:19 J:21 K:2 L:4 M:18 N:20 O:11 P:3 Q:6 R:8 S:12 T:14 U:16 V:10 W:22 X:25 Y:24 Z:23'
    .split(' ')
    .map((p) => [p[0], Number(p.slice(2))]),
);

/** Italian codice fiscale: 16 characters with its check letter, or a company's 11-digit number (same rule as the VAT). */
export function isValidTaxCodeForImport(value: string): boolean {
  const v = value.toUpperCase();
  if (/^\d{11}$/.test(v)) return isValidVatNumber(v);
  if (!/^[A-Z0-9]{15}[A-Z]$/.test(v)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = v[i]!;
    if (i % 2 === 0) sum += ODD_CF[c]!;
    else sum += /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 65;
  }
  return String.fromCharCode(65 + (sum % 26)) === v[15];
}

export type ImportValue = string | null;

/**
 * An article's rate and nature checked together, as the form does (decision 0050). A rate without the
 * nature column clears the nature (so a 0 rate needs the column); a nature needs the rate column.
 */
function checkVatOfRow(raw: Record<string, string>, value: Record<string, ImportValue>, errors: FieldProblemOfRow[]) {
  const hasRate = 'aliquota_iva' in raw;
  const hasNature = 'natura_iva' in raw;
  if (!hasRate && !hasNature) return;
  if (errors.some((e) => e.field === 'aliquota_iva' || e.field === 'natura_iva')) return;
  if (!hasRate) {
    errors.push({ field: 'natura_iva', code: 'vat', message: 'natura_iva: serve anche la colonna aliquota_iva' });
    return;
  }
  const rate = value.aliquota_iva ?? null;
  if (rate !== null && rate.split('.')[0]!.length > VAT_RATE_INT_DIGITS) {
    errors.push({ field: 'aliquota_iva', code: 'number', message: 'aliquota_iva: aliquota non valida (0-99,99)' });
    return;
  }
  if (!hasNature) value.natura_iva = null;
  else if (value.natura_iva) value.natura_iva = value.natura_iva.toUpperCase();
  const problem = vatProblem(value.aliquota_iva ?? null, value.natura_iva ?? null);
  if (problem) errors.push({ field: 'natura_iva', code: 'vat', message: `natura_iva: ${VAT_MESSAGES[problem]}` });
}

/**
 * Validates one row (field name → cell text) with the manual form's rules:
 * required fields, lengths, VAT and tax-code check digits, numbers. Empty cells are null.
 */
export function validateImportRow(fields: ImportField[], raw: Record<string, string>) {
  const value: Record<string, ImportValue> = {};
  const errors: FieldProblemOfRow[] = [];
  for (const field of fields) {
    if (!(field.name in raw)) continue;
    let v: string | null = (raw[field.name] ?? '').trim();
    if (v === '') v = null;
    if (v === null) {
      if (field.required) errors.push({ field: field.name, code: 'required', message: `${field.name}: obbligatorio` });
      value[field.name] = null;
      continue;
    }
    const forbidden = forbiddenCharacter(v);
    if (forbidden) {
      // PostgreSQL cannot store NUL and XML forbids the other control characters: the row is refused, saying why.
      errors.push({
        field: field.name,
        code: 'nul',
        message: `${field.name}: ${forbiddenCharacterMessage(forbidden)}`,
      });
      value[field.name] = null;
      continue;
    }
    if (field.type === 'partita_iva') {
      v = v.replace(/^IT/i, '').replace(/\s/g, '');
      const problem = vatNumberProblem(v);
      if (problem === 'format')
        errors.push({ field: field.name, code: 'partita_iva', message: `${field.name}: partita IVA di 11 cifre` });
      else if (problem === 'check')
        errors.push({
          field: field.name,
          code: 'partita_iva_check',
          message: `${field.name}: cifra di controllo della partita IVA non corretta`,
        });
    } else if (field.type === 'codice_fiscale') {
      v = v.replace(/\s/g, '').toUpperCase();
      if (!isValidTaxCodeForImport(v))
        errors.push({ field: field.name, code: 'codice_fiscale', message: `${field.name}: codice fiscale non valido` });
    } else if (field.type === 'decimal') {
      // Read as every form reads it (decision 0022): "1.234,5", "1234.5", "1 234,50"; never a guess.
      const r = parseDecimal(v, { decimals: 2, intDigits: 9 });
      if ('problem' in r)
        errors.push({ field: field.name, code: 'number', message: `${field.name}: numero non valido` });
      else v = r.value;
    } else if (field.type === 'integer') {
      if (!/^-?\d{1,9}$/.test(v))
        errors.push({ field: field.name, code: 'number', message: `${field.name}: numero non valido` });
    } else if (v.length > field.maxLength) {
      errors.push({
        field: field.name,
        code: 'too_long',
        message: `${field.name}: al massimo ${field.maxLength} caratteri`,
      });
    }
    value[field.name] = v;
  }
  for (const field of fields) {
    if (field.required && !(field.name in raw)) {
      errors.push({ field: field.name, code: 'required', message: `${field.name}: obbligatorio` });
    }
  }
  checkVatOfRow(raw, value, errors);
  return { value, errors };
}
