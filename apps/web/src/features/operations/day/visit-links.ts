import { DAY_SECTIONS, type DaySection, type DayVisit } from '@fs/contract';

/**
 * The technician's day on the home (issue 24): what a visit card links to and in which order the
 * visits come. Pure, so the order and the addresses are tested without a browser.
 */

type Place = DayVisit['luogo'];

/** "Via Roma 1, 10121 Torino (TO)": the parts the visit has, null when it has none. */
export function addressText(place: Place): string | null {
  const street = place.indirizzo?.trim() || null;
  const town = [place.cap?.trim(), place.citta?.trim()].filter(Boolean).join(' ');
  const province = place.provincia?.trim();
  const townText = town ? (province ? `${town} (${province})` : town) : province ? `(${province})` : '';
  const text = [street, townText].filter(Boolean).join(', ');
  return text || null;
}

/**
 * The phone's maps app with directions to the visit (Google Maps' universal URL, opened by the app
 * on Android and iOS): its coordinates when known, else its address; null with neither. The
 * coordinates are the customer's, so at a plant its own address goes first. A link the user taps:
 * the product calls nothing.
 */
export function navigateUrl(visit: Pick<DayVisit, 'luogo' | 'impianto'>): string | null {
  const { latitude, longitude } = visit.luogo;
  const address = addressText(visit.luogo);
  const coordinates =
    latitude !== null && longitude !== null && Number.isFinite(latitude) && Number.isFinite(longitude)
      ? `${latitude},${longitude}`
      : null;
  const destination = visit.impianto && address ? address : (coordinates ?? address);
  if (!destination) return null;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** tel: with what dials (digits and a leading +), null when the number has no digits. */
export function telUrl(phone: string | null): string | null {
  if (!phone) return null;
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^\d]/g, '');
  if (!digits) return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/** An instant's order (an all-day visit, without a time, first on its day). */
const startOf = (v: DayVisit) => (v.tutto_il_giorno || !v.inizio ? -Infinity : Date.parse(v.inizio));

/**
 * The visits by section, today then tomorrow then without a date; within a dated section in start
 * order (all day first), ties by customer; the reports without a date as the server gives them.
 */
export function visitsBySection(items: DayVisit[]): { section: DaySection; visits: DayVisit[] }[] {
  return DAY_SECTIONS.map((section) => {
    const visits = items.filter((v) => v.sezione === section);
    if (section !== 'senza_data') {
      visits.sort((a, b) => startOf(a) - startOf(b) || a.cliente.localeCompare(b.cliente));
    }
    return { section, visits };
  });
}

/** Where the visit's report lives in the web (the report page's route). */
export const reportPath = (id: string) => `/interventions/${id}`;
