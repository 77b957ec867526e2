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

const FOCUSABLE = 'input:not([type="hidden"]), textarea, select, button, [tabindex]';

/**
 * Takes the user to the first field that shows an error once the errors are on screen: scrolled to
 * the middle of the view and focused (a toast alone leaves the user hunting for the field). A field
 * marked as a whole (a time's wrapper) gives its first input the focus. Looks inside `root` (a
 * modal's content), by default the page's main region.
 */
export function focusFirstInvalid(root?: ParentNode): void {
  let frames = 0;
  const attempt = () => {
    const scope = root ?? document.querySelector('main') ?? document;
    const field = [...scope.querySelectorAll<HTMLElement>('[aria-invalid="true"]')].find(
      (el) => el.getClientRects().length > 0,
    );
    if (!field) {
      // The errors reach the screen with the next render: a few frames at most.
      if (++frames < 10) requestAnimationFrame(attempt);
      return;
    }
    const target = field.matches(FOCUSABLE) ? field : (field.querySelector<HTMLElement>(FOCUSABLE) ?? field);
    field.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
  };
  requestAnimationFrame(attempt);
}
