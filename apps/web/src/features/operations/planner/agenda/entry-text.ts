import type { TFunction } from 'i18next';
import type { AgendaEntry } from './agenda-time';

/** "09:00–11:00", "dalle 22:00", "fino alle 02:00" or "Tutto il giorno", for one day of the agenda. */
export function entryTime(t: TFunction, e: Pick<AgendaEntry, 'from' | 'to'>): string {
  if (e.from && e.to) return `${e.from}–${e.to}`;
  if (e.from) return t('agenda.since', { time: e.from });
  if (e.to) return t('agenda.until', { time: e.to });
  return t('agenda.allDay');
}

/** "martedì 24 novembre" → "Martedì 24 novembre" (a title's first letter only). */
export const capitalized = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

/** A day (YYYY-MM-DD) as "lunedì 23 novembre" in the interface's language. */
export function dayTitle(day: string, locale: string, withYear = false): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}

/** The period shown: one day, or "23 – 29 novembre 2026" for a week. */
export function periodTitle(first: string, last: string, locale: string): string {
  if (first === last) return dayTitle(first, locale, true);
  const at = (day: string) => {
    const [y, m, d] = day.split('-').map(Number);
    return new Date(Date.UTC(y!, m! - 1, d!));
  };
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(at(first), at(last));
}
