import type { ReactNode } from 'react';

/**
 * A label with the red asterisk of a required field, for the controls whose label Mantine does not
 * mark (a checkbox, a switch): the same mark as an input's, hidden from screen readers (the control
 * says `required` itself).
 */
export function withRequiredMark(label: ReactNode, required: boolean | undefined): ReactNode {
  if (!required) return label;
  return (
    <>
      {label}
      <span
        aria-hidden
        className="mantine-InputWrapper-required"
        style={{ color: 'var(--input-asterisk-color, var(--mantine-color-error))' }}
      >
        {' *'}
      </span>
    </>
  );
}
