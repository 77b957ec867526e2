import { forwardRef, useState, type ChangeEvent } from 'react';
import {
  Text,
  Textarea as MantineTextarea,
  TextInput as MantineTextInput,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showCounter } from './text-limit';

/**
 * Mantine's text input and text area with the field's limit shown as the user nears it
 * ("45 / 50"), announced politely to screen readers. Without `maxLength` they are Mantine's own.
 * `withCounter={false}` keeps the limit without the count, for codes of a fixed length (a VAT
 * number is complete, not too long, at 11 of 11).
 */
function useCounter<E extends HTMLInputElement | HTMLTextAreaElement>(p: {
  value?: unknown;
  defaultValue?: unknown;
  maxLength?: number;
  withCounter?: boolean;
  description?: React.ReactNode;
  onChange?: (e: ChangeEvent<E>) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(String(p.defaultValue ?? '').length);
  const length = p.value !== undefined && p.value !== null ? String(p.value).length : typed;
  const onChange = (e: ChangeEvent<E>) => {
    setTyped(e.currentTarget.value.length);
    p.onChange?.(e);
  };
  const counter =
    p.maxLength && p.withCounter !== false && showCounter(length, p.maxLength) ? (
      <Text
        component="span"
        size="xs"
        c={length >= p.maxLength ? 'red.8' : 'dimmed'}
        aria-live="polite"
        display="block"
      >
        {t('common.charCount', { count: length, max: p.maxLength })}
      </Text>
    ) : null;
  const description = counter ? (
    <>
      {p.description}
      {counter}
    </>
  ) : (
    p.description
  );
  return { onChange, description };
}

type CounterProps = { withCounter?: boolean };

export const TextInput = forwardRef<HTMLInputElement, TextInputProps & CounterProps>(function TextInput(
  { withCounter, ...props },
  ref,
) {
  const extra = useCounter<HTMLInputElement>({ ...props, withCounter });
  return <MantineTextInput ref={ref} {...props} {...extra} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps & CounterProps>(function Textarea(
  { withCounter, ...props },
  ref,
) {
  const extra = useCounter<HTMLTextAreaElement>({ ...props, withCounter });
  return <MantineTextarea ref={ref} {...props} {...extra} />;
});
