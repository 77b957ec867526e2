import type { Appointment } from '@fs/contract';

/** Where the appointment is, on one line (the plant's or the customer's address and city); null when unknown. */
export function placeOf(a: Appointment): string | null {
  const line = [a.luogo.indirizzo, a.luogo.citta].filter((x) => x && x.trim()).join(', ');
  return line || null;
}

/**
 * A directions link the phone hands to its maps app (Google Maps' universal URL, opened by the app
 * on Android and iOS, by the browser elsewhere). The coordinates are the customer's, so a plant's
 * own address goes first; otherwise the coordinates when known, else the address. Only a link:
 * nothing is fetched from the maps service by this page.
 */
export function directionsUrl(a: Appointment): string | null {
  const { latitude, longitude } = a.luogo;
  const place = placeOf(a);
  let destination: string;
  if (place && a.impianto_id) destination = place;
  else if (latitude !== null && longitude !== null) destination = `${latitude},${longitude}`;
  else if (place) destination = place;
  else return null;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}
