/**
 * What is wrong with a partita IVA, or null: `format` when it is not 11 digits, `check` when
 * the 11 digits' last one is not their check digit (a typing slip), so forms can say which.
 */
export function vatNumberProblem(value: string): 'format' | 'check' | null {
  if (!/^\d{11}$/.test(value)) return 'format';
  return checkDigitOk(value) ? null : 'check';
}

/**
 * Italian partita IVA: 11 digits, the last a Luhn-style check digit
 * (odd positions summed, even positions doubled and reduced by 9).
 */
export function isValidVatNumber(value: string): boolean {
  return /^\d{11}$/.test(value) && checkDigitOk(value);
}

function checkDigitOk(value: string): boolean {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = value.charCodeAt(i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === value.charCodeAt(10) - 48;
}

/** Italian SDI recipient code: 7 alphanumerics (6 for public administration). */
export function isValidRecipientCode(value: string): boolean {
  return /^[A-Z0-9]{6,7}$/.test(value);
}

const CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
/** Positions (0-based) that hold digits, or their omocodia letters, in a personal tax code. */
const CF_DIGIT_POSITIONS = new Set([6, 7, 9, 10, 12, 13, 14]);
const CF_OMOCODIA = 'LMNPQRSTUV';
const CF_MONTHS = 'ABCDEHLMPRST';

/**
 * Italian codice fiscale: either a company's (11 digits, the partita IVA check digit)
 * or a person's: 16 characters — surname (3 letters), name (3), year (2 digits),
 * month (A B C D E H L M P R S T), day (2 digits, +40 for women), municipality
 * (a letter and 3 digits), check letter; digits may be replaced by the omocodia
 * letters L M N P Q R S T U V. The check letter is the sum of the odd-position and
 * even-position values modulo 26. Case aside.
 */
export function isValidTaxCode(raw: string): boolean {
  const value = raw.toUpperCase();
  if (/^\d{11}$/.test(value)) return isValidVatNumber(value);
  if (!/^[A-Z0-9]{16}$/.test(value)) return false;
  for (let i = 0; i < 15; i++) {
    const ch = value[i]!;
    if (CF_DIGIT_POSITIONS.has(i)) {
      if (!/\d/.test(ch) && !CF_OMOCODIA.includes(ch)) return false;
    } else if (!/[A-Z]/.test(ch)) return false;
  }
  if (!CF_MONTHS.includes(value[8]!)) return false;
  const digitAt = (i: number) => {
    const ch = value[i]!;
    return /\d/.test(ch) ? Number(ch) : CF_OMOCODIA.indexOf(ch);
  };
  const day = digitAt(9) * 10 + digitAt(10);
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const code = value.charCodeAt(i);
    const n = code <= 57 ? code - 48 : code - 65;
    sum += i % 2 === 0 ? CF_ODD[n]! : n;
  }
  return String.fromCharCode(65 + (sum % 26)) === value[15];
}

/** The sigle of Italy's provinces and metropolitan cities (ISTAT, 2024), for addresses in Italy. */
export const ITALIAN_PROVINCES = [
  'AG',
  'AL',
  'AN',
  'AO',
  'AP',
  'AQ',
  'AR',
  'AT',
  'AV',
  'BA',
  'BG',
  'BI',
  'BL',
  'BN',
  'BO',
  'BR',
  'BS',
  'BT',
  'BZ',
  'CA',
  'CB',
  'CE',
  'CH',
  'CL',
  'CN',
  'CO',
  'CR',
  'CS',
  'CT',
  'CZ',
  'EN',
  'FC',
  'FE',
  'FG',
  'FI',
  'FM',
  'FR',
  'GE',
  'GO',
  'GR',
  'IM',
  'IS',
  'KR',
  'LC',
  'LE',
  'LI',
  'LO',
  'LT',
  'LU',
  'MB',
  'MC',
  'ME',
  'MI',
  'MN',
  'MO',
  'MS',
  'MT',
  'NA',
  'NO',
  'NU',
  'OR',
  'PA',
  'PC',
  'PD',
  'PE',
  'PG',
  'PI',
  'PN',
  'PO',
  'PR',
  'PT',
  'PU',
  'PV',
  'PZ',
  'RA',
  'RC',
  'RE',
  'RG',
  'RI',
  'RM',
  'RN',
  'RO',
  'SA',
  'SI',
  'SO',
  'SP',
  'SR',
  'SS',
  'SU',
  'SV',
  'TA',
  'TE',
  'TN',
  'TO',
  'TP',
  'TR',
  'TS',
  'TV',
  'UD',
  'VA',
  'VB',
  'VC',
  'VE',
  'VI',
  'VR',
  'VT',
  'VV',
] as const;

const PROVINCES = new Set<string>(ITALIAN_PROVINCES);

/** An Italian province's sigla (two letters from the list), case aside. */
export function isItalianProvince(value: string): boolean {
  return PROVINCES.has(value.trim().toUpperCase());
}

/** A postal code: five digits in Italy; elsewhere 2 to 10 letters, digits, spaces or dashes. */
export function isValidPostcode(value: string, nazione: string): boolean {
  const v = value.trim();
  return nazione.toUpperCase() === 'IT' ? /^\d{5}$/.test(v) : /^[A-Za-z0-9 -]{2,10}$/.test(v);
}
