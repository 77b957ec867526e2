/** A decimal string ("1234.5") as euro with 2 decimals in the locale, without floats; empty when missing. */
export function formatPrice(value: string | null, locale: string): string {
  if (!value) return '';
  const negative = value.startsWith('-');
  const [int = '0', dec = ''] = value.replace('-', '').split('.');
  const grouped = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(BigInt(int));
  const sep = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? ',';
  return `${negative ? '-' : ''}€ ${grouped}${sep}${dec.padEnd(2, '0').slice(0, 2)}`;
}
