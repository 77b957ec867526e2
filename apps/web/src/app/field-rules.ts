import type { TFunction } from 'i18next';
import { VAT_NUMBER_MESSAGES, vatNumberProblem, REQUIRED_MESSAGE } from '@fs/contract';

/**
 * Field rules several forms share, with the contract's wording in the interface language: an
 * empty required field says it is required; a partita IVA says whether it is not 11 digits or
 * has a wrong check digit (a typing slip), as the server does.
 */
export function partitaIvaError(t: TFunction, value: string, opts: { required: boolean }): string | null {
  const v = value.trim();
  if (!v) return opts.required ? t('common.required') : null;
  const problem = vatNumberProblem(v);
  return problem ? t(`common.partitaIva.${problem}`) : null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required email address: empty is "required", anything else not an address gets `invalid`. */
export function requiredEmailError(t: TFunction, value: string, invalid: string): string | null {
  const v = value.trim();
  if (!v) return t('common.required');
  return EMAIL.test(v) ? null : invalid;
}

/** A field message of the server (Italian) in the interface language when it is one of the shared ones. */
export function serverFieldMessage(t: TFunction, message: string): string {
  if (message === REQUIRED_MESSAGE) return t('common.required');
  if (message === VAT_NUMBER_MESSAGES.format) return t('common.partitaIva.format');
  if (message === VAT_NUMBER_MESSAGES.check) return t('common.partitaIva.check');
  return message;
}
