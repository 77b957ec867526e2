import type { TFunction } from 'i18next';
import { isTimeZone, isValidRecipientCode, type Company, type CompanyUpdate } from '@fs/contract';
import { partitaIvaError, requiredEmailError } from '../../../app/field-rules';

/** The editable company fields as the form holds them (strings, '' for empty). */
export interface CompanyValues {
  ragione_sociale: string;
  partita_iva: string;
  codice_fiscale: string;
  mailPrincipale: string;
  pec: string;
  codice_destinatario: string;
  emails: string[];
  telefono: string;
  indirizzo: string;
  citta: string;
  provincia: string;
  cap: string;
  nazione: string;
  timezone: string;
  lingua_default: string;
}

export function toValues(a: Company): CompanyValues {
  return {
    ragione_sociale: a.ragione_sociale,
    partita_iva: a.partita_iva,
    codice_fiscale: a.codice_fiscale ?? '',
    mailPrincipale: a.mailPrincipale ?? '',
    pec: a.pec ?? '',
    codice_destinatario: a.codice_destinatario ?? '',
    emails: a.emails,
    telefono: a.telefono ?? '',
    indirizzo: a.indirizzo ?? '',
    citta: a.citta ?? '',
    provincia: a.provincia ?? '',
    cap: a.cap ?? '',
    nazione: a.nazione,
    timezone: a.timezone,
    lingua_default: a.lingua_default,
  };
}

export function toRequest(v: CompanyValues): CompanyUpdate {
  return {
    ...v,
    partita_iva: v.partita_iva.trim(),
    codice_destinatario: v.codice_destinatario.trim().toUpperCase(),
    provincia: v.provincia.trim().toUpperCase(),
    lingua_default: v.lingua_default as CompanyUpdate['lingua_default'],
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client-side rules mirroring aziendaUpdateRequest, with translated messages. */
export function companyValidation(t: TFunction) {
  const required = (v: string) => (v.trim() ? null : t('common.required'));
  const optional = (test: (v: string) => boolean, message: string) => (v: string) =>
    !v.trim() || test(v.trim()) ? null : message;
  return {
    ragione_sociale: required,
    partita_iva: (v: string) => partitaIvaError(t, v, { required: true }),
    codice_fiscale: optional((v) => /^[A-Za-z0-9]{11,16}$/.test(v), t('company.invalid.codice_fiscale')),
    mailPrincipale: (v: string) => requiredEmailError(t, v, t('company.invalid.email')),
    pec: optional((v) => EMAIL.test(v), t('company.invalid.email')),
    codice_destinatario: optional(
      (v) => isValidRecipientCode(v.toUpperCase()),
      t('company.invalid.codice_destinatario'),
    ),
    emails: (list: string[]) => (list.every((e) => EMAIL.test(e.trim())) ? null : t('company.invalid.email')),
    provincia: optional((v) => /^[A-Za-z]{2}$/.test(v), t('company.invalid.provincia')),
    cap: optional((v) => v.length <= 10, t('company.invalid.cap')),
    nazione: required,
    timezone: (v: string) => (isTimeZone(v) && v.trim() ? null : t('company.invalid.timezone')),
    lingua_default: required,
  };
}

/** Every IANA time zone the browser knows, with the current one kept. */
export function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) || !current ? zones : [current, ...zones];
}
