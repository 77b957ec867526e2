import { describe, expect, it } from 'vitest';
import { decimalText, tidyDecimal } from './DecimalInput';

describe('tidyDecimal', () => {
  it('writes money with its cents and thousands dots, and other decimals without grouping', () => {
    expect(tidyDecimal('2450', true)).toBe('2.450,00');
    expect(tidyDecimal('2.450,5', true)).toBe('2.450,50');
    expect(tidyDecimal('2450.5', true)).toBe('2.450,50');
    expect(tidyDecimal('0,35', true)).toBe('0,35');
    expect(tidyDecimal('1234567,8', true)).toBe('1.234.567,80');
    expect(tidyDecimal('12.50', false)).toBe('12,5');
    expect(tidyDecimal('2450', false)).toBe('2450');
    // What does not parse stays as typed, for the form to say why.
    expect(tidyDecimal('12,345', true)).toBe('12,345');
    expect(tidyDecimal('abc', false)).toBe('abc');
    expect(tidyDecimal('', true)).toBe('');
    // Italian thousands typed in a field: 1.200 km is twelve hundred.
    expect(tidyDecimal('1.200', false, 1)).toBe('1200');
    expect(tidyDecimal('1.200', true)).toBe('1.200,00');
  });
});

describe('decimalText (a decimal of the API in a field)', () => {
  it("writes the API's dot decimals the Italian way, never reading a dot as thousands", () => {
    expect(decimalText('2450.50', true)).toBe('2.450,50');
    expect(decimalText('24.0')).toBe('24');
    expect(decimalText('0.50')).toBe('0,5');
    expect(decimalText('1.250', false, 3)).toBe('1,25');
    expect(decimalText('1200')).toBe('1200');
    expect(decimalText(null)).toBe('');
    expect(decimalText('')).toBe('');
  });
});

describe('DecimalInput in a form', () => {
  it('writes the tidied text into the form value when the field is left', async () => {
    const { createElement } = await import('react');
    const { fireEvent, screen } = await import('@testing-library/react');
    const { useForm } = await import('@mantine/form');
    const { renderUi } = await import('../../test/render');
    const { DecimalInput } = await import('./DecimalInput');
    let values: Record<string, string> = {};
    function Harness() {
      const form = useForm({ initialValues: { prezzo: '' } });
      values = form.values;
      return createElement(DecimalInput, { money: true, label: 'Prezzo', ...form.getInputProps('prezzo') });
    }
    renderUi(createElement(Harness));
    const input = screen.getByLabelText('Prezzo') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '2450,5' } });
    fireEvent.blur(input);
    expect(values.prezzo).toBe('2.450,50');
    expect(input.value).toBe('2.450,50');
  });
});
