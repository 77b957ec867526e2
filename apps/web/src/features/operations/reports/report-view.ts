/**
 * Which view of a report a user gets (issue 24): the field view on a phone for who works on their own
 * reports (no company-wide write on reports: a technician), the office view otherwise. One product: the
 * same sections and the same save, in another order and with fewer fields.
 */
export type ReportView = 'field' | 'office';

/** The width below which the screen is a phone's (Mantine's `sm` breakpoint). */
export const PHONE_QUERY = '(max-width: 48em)';

export function reportViewFor({ phone, companyWrite }: { phone: boolean; companyWrite: boolean }): ReportView {
  return phone && !companyWrite ? 'field' : 'office';
}

/** A directions link the phone hands to its maps app; null without an address. */
export function directionsTo(address: string | null): string | null {
  const a = address?.trim();
  return a ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(a)}` : null;
}

/** A `tel:` link of a number as typed (spaces, dots and dashes dropped); null without digits. */
export function telLink(phone: string | null | undefined): string | null {
  const n = (phone ?? '').replace(/[^\d+]/g, '');
  return /\d/.test(n) ? `tel:${n}` : null;
}

/** "Via Roma 1, 10121 Torino (TO)", as the technician's day writes a visit's place; '' when nothing is known. */
export function placeText(p: {
  indirizzo?: string | null;
  cap?: string | null;
  citta?: string | null;
  provincia?: string | null;
}): string {
  const town = [p.cap?.trim(), p.citta?.trim()].filter(Boolean).join(' ');
  const province = p.provincia?.trim();
  const townText = town ? (province ? `${town} (${province})` : town) : province ? `(${province})` : '';
  return [p.indirizzo?.trim(), townText].filter(Boolean).join(', ');
}
