import type { TFunction } from 'i18next';
import { LIMITS, MAX_REGISTRATION_LICENCES, PASSWORD_MIN, type PlanType, type RegisterInitRequest } from '@fs/contract';
import { errorText, isApiError } from '../../../app/api/errors';
import { partitaIvaError, requiredEmailError, serverFieldMessage } from '../../../app/field-rules';

/** Steps 1 and 2 as the wizard's form holds them. */
export interface RegisterValues {
  name: string;
  surname: string;
  email: string;
  username: string;
  password: string;
  password_confirm: string;
  ragione_sociale: string;
  partita_iva: string;
  telefono: string;
  indirizzo: string;
  citta: string;
  provincia: string;
  cap: string;
  subscription_type: PlanType;
  tecnici: number;
  termini_accettati: boolean;
}

export const ACCOUNT_FIELDS = ['name', 'surname', 'email', 'username', 'password', 'password_confirm'] as const;
export const COMPANY_FIELDS = [
  'ragione_sociale',
  'partita_iva',
  'telefono',
  'indirizzo',
  'citta',
  'provincia',
  'cap',
  'subscription_type',
  'tecnici',
  'termini_accettati',
] as const;

export const initialValues: RegisterValues = {
  name: '',
  surname: '',
  email: '',
  username: '',
  password: '',
  password_confirm: '',
  ragione_sociale: '',
  partita_iva: '',
  telefono: '',
  indirizzo: '',
  citta: '',
  provincia: '',
  cap: '',
  subscription_type: 'premium',
  tecnici: 3,
  termini_accettati: false,
};

const USERNAME = /^[A-Za-z0-9._@-]{3,120}$/;

/** Field rules, the same the server applies (contract registration.ts), with translated messages. */
export function validators(t: TFunction) {
  const required = (v: string) => (v.trim() ? null : t('common.required'));
  return {
    name: required,
    surname: required,
    email: (v: string) => requiredEmailError(t, v, t('register.errors.email')),
    username: (v: string) => required(v) ?? (USERNAME.test(v.trim()) ? null : t('register.errors.username')),
    password: (v: string) =>
      v.length >= PASSWORD_MIN ? null : t('register.errors.passwordShort', { min: PASSWORD_MIN }),
    password_confirm: (v: string, all: { password: string }) =>
      required(v) ?? (v === all.password ? null : t('register.errors.passwordMismatch')),
    ragione_sociale: required,
    partita_iva: (v: string) => partitaIvaError(t, v, { required: true }),
    provincia: (v: string) => (v.trim().length <= 2 ? null : t('register.errors.provincia')),
    tecnici: (v: number, all: { subscription_type: PlanType }) =>
      !Number.isInteger(v) || v < 1 || v > MAX_REGISTRATION_LICENCES
        ? t('register.errors.tecnici', { max: MAX_REGISTRATION_LICENCES })
        : all.subscription_type === 'lite' && v > LIMITS.liteMaxTechnicians
          ? t('register.errors.liteMax', { max: LIMITS.liteMaxTechnicians })
          : null,
    termini_accettati: (v: boolean) => (v ? null : t('register.errors.terms')),
  };
}

export function toInitRequest(v: RegisterValues, lingua: string): RegisterInitRequest {
  return {
    name: v.name.trim(),
    surname: v.surname.trim(),
    email: v.email.trim(),
    username: v.username.trim(),
    password: v.password,
    password_confirm: v.password_confirm,
    lingua: (['IT', 'EN', 'ES', 'FR', 'DE'].includes(lingua) ? lingua : 'IT') as RegisterInitRequest['lingua'],
    ragione_sociale: v.ragione_sociale.trim(),
    partita_iva: v.partita_iva.trim(),
    telefono: v.telefono,
    indirizzo: v.indirizzo,
    citta: v.citta,
    provincia: v.provincia.trim().toUpperCase(),
    cap: v.cap,
    nazione: 'IT',
    subscription_type: v.subscription_type,
    tecnici: v.tecnici,
    termini_accettati: v.termini_accettati,
  };
}

/** Field messages of a refused registration, translated by field and code (server texts are Italian). */
export function fieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  if (error.code === '0010') return { email: t('register.errors.emailUsed') };
  if (error.code === 'CONFLICT') return { partita_iva: t('register.errors.pivaUsed') };
  if (error.code !== 'VALIDATION') return {};
  const known: Record<string, string> = {
    password_confirm: t('register.errors.passwordMismatch'),
    password: t('register.errors.passwordShort', { min: PASSWORD_MIN }),
    termini_accettati: t('register.errors.terms'),
    tecnici: t('register.errors.liteMax', { max: LIMITS.liteMaxTechnicians }),
    email: t('register.errors.email'),
    username: t('register.errors.username'),
  };
  const messageOf = (f: { path: string; message: string }) => {
    // Empty, not 11 digits or a wrong check digit: the server says which, in the shared words.
    const shared = serverFieldMessage(t, f.message);
    if (shared !== f.message) return shared;
    return known[f.path] ?? t('register.errors.invalid');
  };
  return Object.fromEntries(error.fields.map((f) => [f.path, messageOf(f)]));
}

/** The message above the form: what went wrong, in words. */
export function registerErrorText(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.code === 'CONFLICT') return t('register.errors.pivaUsed');
  if (isApiError(error) && error.code === 'NOT_FOUND') return t('register.errors.linkExpired');
  return errorText(t, error);
}
