/**
 * Italian partita IVA: 11 digits, the last a Luhn-style check digit
 * (odd positions summed, even positions doubled and reduced by 9).
 */
export function isValidPartitaIva(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = value.charCodeAt(i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === value.charCodeAt(10) - 48;
}

/** Italian SDI recipient code: 7 alphanumerics (6 for public administration). */
export function isValidCodiceDestinatario(value: string): boolean {
  return /^[A-Z0-9]{6,7}$/.test(value);
}
