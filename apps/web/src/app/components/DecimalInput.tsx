import type { ChangeEvent } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { parseDecimal } from '@fs/contract';

/** A canonical decimal's parts ("-2450.5") written the Italian way: money `2.450,50`, others `2450,5`. */
function italian(value: string, money: boolean, decimals: number): string {
  const sign = value.startsWith('-') ? '-' : '';
  const [int = '0', frac = ''] = value.replace(/^-/, '').split('.');
  if (money) {
    // Money always shows its cents, so the comma is there and the thousands dots cannot be misread.
    const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
    return `${sign}${grouped},${frac.padEnd(2, '0').slice(0, Math.max(2, decimals))}`;
  }
  // Other decimals are not grouped: the field's text stays short and reads back the same.
  const trimmed = frac.replace(/0+$/, '');
  return `${sign}${int}${trimmed ? `,${trimmed}` : ''}`;
}

/** Writes a valid typed decimal the Italian way once the field is left: money `2.450,00`, others `12,5`. */
export function tidyDecimal(text: string, money: boolean, decimals = 2): string {
  const r = parseDecimal(text, { decimals });
  if (text.trim() === '' || 'problem' in r) return text;
  return italian(r.value, money, decimals);
}

/**
 * A decimal of the API ("2450.50", "1.250": a dot before its decimals, no grouping) as a field shows
 * it, the Italian way ("2.450,50" for money, "1,25" otherwise). Never read through `parseDecimal`: the
 * API's "1.250" is one and a quarter, the same text typed is twelve hundred and fifty.
 */
export function decimalText(value: string | null | undefined, money = false, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '';
  return /^-?\d+(\.\d+)?$/.test(value) ? italian(value, money, decimals) : value;
}

/**
 * The one input for decimals (km, hours) and, with `money`, for amounts in euro: the phone's
 * decimal keypad, a € sign for money, and the value rewritten the Italian way when the field is
 * left. What it accepts and refuses is `parseDecimal`'s (the server's own rule), checked by the
 * form's `decimalRule`.
 */
export function DecimalInput({
  money = false,
  decimals = 2,
  onBlur,
  ...props
}: TextInputProps & { money?: boolean; decimals?: number }) {
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      leftSection={money ? '€' : undefined}
      {...props}
      onBlur={(e) => {
        const input = e.currentTarget;
        const tidy = tidyDecimal(input.value, money, decimals);
        if (tidy !== input.value && props.onChange) {
          // A change event of the input itself (forms read `currentTarget.value` of a real input).
          input.value = tidy;
          props.onChange({ ...e, currentTarget: input, target: input } as unknown as ChangeEvent<HTMLInputElement>);
        }
        onBlur?.(e);
      }}
    />
  );
}
