import type { TFunction } from 'i18next';
import { errorText, formErrorsOf } from './api/errors';
import { notify } from './notify';

/**
 * A failed save of a form: the server's field errors go on their fields, anything
 * else (an alert code, a lost connection) becomes a notification.
 */
export function showSaveError(
  t: TFunction,
  form: { setErrors: (errors: Record<string, string>) => void },
  error: unknown,
): void {
  const errors = formErrorsOf(error);
  if (errors) form.setErrors(errors);
  else notify.error(errorText(t, error));
}
