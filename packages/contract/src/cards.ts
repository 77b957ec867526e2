/** Card number rules shared by the checkout form and the payment gateway. */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown';

export const digitsOnly = (s: string) => s.replace(/[\s-]/g, '');

/** Luhn (mod 10) check of a card number, spaces and dashes ignored. */
export function luhnValid(number: string): boolean {
  const d = digitsOnly(number);
  if (!/^\d{12,19}$/.test(d)) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** Card type from the number's prefix (IIN). */
export function cardBrand(number: string): CardBrand {
  const d = digitsOnly(number);
  if (/^3[47]/.test(d)) return 'amex';
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(d)) return 'mastercard';
  return 'unknown';
}

/** The security code has 3 digits, 4 for American Express. */
export function cvcLength(brand: CardBrand): 3 | 4 {
  return brand === 'amex' ? 4 : 3;
}

export function cvcValid(number: string, cvc: string): boolean {
  return new RegExp(`^\\d{${cvcLength(cardBrand(number))}}$`).test(cvc.trim());
}

/** A card is usable through the end of its expiry month. `today` is YYYY-MM-DD. */
export function cardExpired(expMonth: number, expYear: number, today: string): boolean {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return expYear < y || (expYear === y && expMonth < m);
}

/** Groups the digits for display: 4-4-4-4, or 4-6-5 for American Express. */
export function formatCardNumber(number: string): string {
  const d = digitsOnly(number).replace(/\D/g, '').slice(0, 19);
  if (cardBrand(d) === 'amex') return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  return d.replace(/(.{4})/g, '$1 ').trim();
}
