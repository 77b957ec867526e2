import type { TFunction } from 'i18next';
import {
  isItalianProvince,
  isValidPostcode,
  isValidRecipientCode,
  isValidTaxCode,
  type Customer,
  type CustomerSaveRequest,
} from '@fs/contract';
import { decimalText } from '../../../app/components/DecimalInput';
import { decimalRule } from '../../../app/decimal';
import { partitaIvaError } from '../../../app/field-rules';

export interface CustomerValues {
  codice: string;
  ragione_sociale: string;
  partita_iva: string;
  codice_fiscale: string;
  telefono: string;
  cellulare: string;
  email: string;
  pec: string;
  codice_destinatario: string;
  indirizzo: string;
  citta: string;
  provincia: string;
  cap: string;
  nazione: string;
  km_viaggio: string;
  ore_viaggio: string;
  note: string;
}

export function toCustomerValues(c: Customer | null): CustomerValues {
  return {
    codice: c?.codice ?? '',
    ragione_sociale: c?.ragione_sociale ?? '',
    partita_iva: c?.partita_iva ?? '',
    codice_fiscale: c?.codice_fiscale ?? '',
    telefono: c?.telefono ?? '',
    cellulare: c?.cellulare ?? '',
    email: c?.email ?? '',
    pec: c?.pec ?? '',
    codice_destinatario: c?.codice_destinatario ?? '',
    indirizzo: c?.indirizzo ?? '',
    citta: c?.citta ?? '',
    provincia: c?.provincia ?? '',
    cap: c?.cap ?? '',
    nazione: c?.nazione ?? 'IT',
    km_viaggio: decimalText(c?.km_viaggio),
    ore_viaggio: decimalText(c?.ore_viaggio),
    note: c?.note ?? '',
  };
}

export function toCustomerRequest(v: CustomerValues, id?: string): CustomerSaveRequest {
  return { ...(id ? { id } : {}), ...v };
}

const isItaly = (v: CustomerValues) => (v.nazione.trim() || 'IT').toUpperCase() === 'IT';

/** The contract's rules, checked before sending (the server checks them again). */
export function customerValidation(t: TFunction) {
  const optional = (test: (v: string) => boolean, key: string) => (v: string) =>
    v.trim() && !test(v.trim()) ? t(key) : null;
  return {
    ragione_sociale: (v: string) => (v.trim() ? null : t('common.required')),
    partita_iva: (v: string) => partitaIvaError(t, v, { required: false }),
    codice_fiscale: optional(isValidTaxCode, 'customers.form.invalidCf'),
    email: optional((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'customers.form.invalidEmail'),
    pec: optional((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'customers.form.invalidPec'),
    codice_destinatario: optional((v) => isValidRecipientCode(v.toUpperCase()), 'customers.form.invalidSdi'),
    // In Italy a five-digit CAP and a province from the list; abroad, looser rules.
    cap: (v: string, all: CustomerValues) =>
      v.trim() && !isValidPostcode(v, all.nazione.trim() || 'IT')
        ? t(isItaly(all) ? 'customers.form.invalidCap' : 'customers.form.invalidPostalCode')
        : null,
    provincia: (v: string, all: CustomerValues) =>
      v.trim() && isItaly(all) && !isItalianProvince(v) ? t('customers.form.invalidProvincia') : null,
    nazione: (v: string) => (/^[A-Za-z]{2}$/.test(v.trim()) ? null : t('customers.form.invalidNazione')),
    km_viaggio: decimalRule(t, { intDigits: 6 }),
    ore_viaggio: decimalRule(t, { intDigits: 4 }),
  };
}
