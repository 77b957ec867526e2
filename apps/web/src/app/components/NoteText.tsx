import type { ReactNode } from 'react';
import { Text, type TextProps } from '@mantine/core';

/**
 * Free notes as typed: line breaks kept, long words and addresses wrapped at any point so a
 * phone never scrolls sideways.
 */
export function NoteText({ children, ...props }: TextProps & { children: ReactNode }) {
  return (
    <Text size="sm" {...props} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}
