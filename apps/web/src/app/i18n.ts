import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_DAYS,
  LOCALES,
  isLocale,
  type Locale,
} from '@fs/contract';
import { messagesOf } from '../locales';
import { sessionStore } from './api/session-store';

export const resources = Object.fromEntries(LOCALES.map((l) => [l, { translation: messagesOf(l) }]));

export function readLocaleCookie(): Locale | null {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`));
  const value = match ? decodeURIComponent(match[1]!) : null;
  return isLocale(value) ? value : null;
}

/** The locale cookie: 365 days, whole site, no route prefix (spec section 1). */
export function writeLocaleCookie(locale: Locale): void {
  const maxAge = LOCALE_COOKIE_DAYS * 24 * 60 * 60;
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/** The user's language code (IT, EN, ...) as an interface locale. */
export function localeOfLingua(lingua: string | null | undefined): Locale | null {
  const locale = lingua?.toLowerCase();
  return isLocale(locale) ? locale : null;
}

/** Cookie first, then the signed-in user's language, then Italian. */
export function initialLocale(): Locale {
  return readLocaleCookie() ?? localeOfLingua(sessionStore.get().user?.lingua) ?? DEFAULT_LOCALE;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLocale(),
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  initAsync: false,
});

function syncHtmlLang(lng: string): void {
  document.documentElement.lang = lng;
}
syncHtmlLang(i18n.language);
i18n.on('languageChanged', syncHtmlLang);

export default i18n;
