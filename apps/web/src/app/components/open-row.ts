import type { KeyboardEvent, MouseEvent } from 'react';

/**
 * What makes a row (a table row, a phone card) open its record: focusable, a pointer, a click
 * anywhere but on its own buttons and links, or Enter while it has the focus. Nothing when the
 * list opens nothing.
 */
export function openRowProps<T>(onOpen: ((row: T) => void) | undefined, row: T) {
  if (!onOpen) return {};
  return {
    tabIndex: 0,
    style: { cursor: 'pointer' },
    onClick: (e: MouseEvent<HTMLElement>) => {
      if (!(e.target as HTMLElement).closest('button,a,input')) onOpen(row);
    },
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (e.key === 'Enter' && e.target === e.currentTarget) onOpen(row);
    },
  };
}
