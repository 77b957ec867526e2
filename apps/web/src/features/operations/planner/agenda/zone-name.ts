/**
 * A time zone as people say it: the city of its IANA name, in the interface language where the
 * name differs ("Europe/Rome" → "Roma" in Italian, "Rome" in English), for the agenda's subtitle.
 */
const CITIES: Record<string, Partial<Record<string, string>>> = {
  Rome: { it: 'Roma', de: 'Rom', es: 'Roma' },
  Zurich: { it: 'Zurigo', de: 'Zürich', fr: 'Zurich', es: 'Zúrich' },
  Vienna: { de: 'Wien', fr: 'Vienne', es: 'Viena' },
  Berlin: { it: 'Berlino', es: 'Berlín' },
  Paris: { it: 'Parigi', es: 'París' },
  London: { it: 'Londra', de: 'London', fr: 'Londres', es: 'Londres' },
  Madrid: {},
  Lisbon: { it: 'Lisbona', de: 'Lissabon', fr: 'Lisbonne', es: 'Lisboa' },
  Brussels: { it: 'Bruxelles', de: 'Brüssel', fr: 'Bruxelles', es: 'Bruselas' },
  Athens: { it: 'Atene', de: 'Athen', fr: 'Athènes', es: 'Atenas' },
  Malta: {},
  San_Marino: {},
  Vatican: { it: 'Città del Vaticano', de: 'Vatikanstadt', fr: 'Vatican', es: 'Vaticano' },
};

export function zoneCity(zone: string, language: string): string {
  const last = zone.split('/').pop() ?? zone;
  const lang = language.slice(0, 2).toLowerCase();
  return CITIES[last]?.[lang] ?? last.replaceAll('_', ' ');
}
