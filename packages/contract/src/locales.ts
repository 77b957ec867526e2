/** Interface languages (spec platform section 1). Italian first, English fallback. */
export const LOCALES = ['it', 'en', 'es', 'fr', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'it';
export const FALLBACK_LOCALE: Locale = 'en';
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_DAYS = 365;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Languages as GET /lingue/lingue answers them: code as stored on the user (upper case). */
export const LANGUAGES: { codice: string; locale: Locale; nome: string }[] = [
  { codice: 'IT', locale: 'it', nome: 'Italiano' },
  { codice: 'EN', locale: 'en', nome: 'English' },
  { codice: 'ES', locale: 'es', nome: 'Español' },
  { codice: 'FR', locale: 'fr', nome: 'Français' },
  { codice: 'DE', locale: 'de', nome: 'Deutsch' },
];
