import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, LOCALES, isLocale, type Locale } from '@fs/contract';
import { loadMessages } from '../locales';
import { sessionStore } from './api/session-store';

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

/** Loads a language's messages when i18next asks for it (the first one before the first render, others on a switch). */
const lazyMessages = {
  type: 'backend' as const,
  init() {},
  read(language: string, _ns: string, done: (error: unknown, messages: Record<string, unknown> | null) => void) {
    if (!isLocale(language)) return done(new Error(`unknown language ${language}`), null);
    loadMessages(language).then(
      (messages) => done(null, messages),
      (error: unknown) => done(error, null),
    );
  },
};

/**
 * Resolves once the interface language's messages are loaded (main.tsx renders after it).
 * English is the fallback by the spec, and it is guaranteed before the build rather than
 * downloaded: locales.test.ts fails unless every language holds every key, non-empty, so no
 * second bundle is fetched on the first load (decision 0018).
 */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyMessages)
  .use(initReactI18next)
  .init({
    lng: initialLocale(),
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });

function syncHtmlLang(lng: string): void {
  document.documentElement.lang = lng;
}
syncHtmlLang(i18n.language);
i18n.on('languageChanged', syncHtmlLang);

export default i18n;
