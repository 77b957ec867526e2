import type { TFunction } from 'i18next';
import { errorText, isApiError } from '../../../../app/api/errors';

/** Error texts of single sign-on: the few codes whose generic text would mislead here get their own. */
export function ssoErrorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'SSO_FAILED' && error.message === 'access_denied') return t('sso.errors.denied');
    if (error.code === '0018') return t('sso.errors.unknownEmail');
  }
  return errorText(t, error);
}
