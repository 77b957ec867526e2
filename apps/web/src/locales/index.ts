import type { Locale } from '@fs/contract';

/**
 * Translations are kept per area (`locales/<area>/<locale>.json`, the same areas as
 * `features/`), each file holding that area's top-level keys. Each language is one bundle
 * (`bundles/<locale>.ts` merges its areas) loaded on demand: the first page loads only the
 * language it shows.
 */
export type Messages = Record<string, unknown>;

const BUNDLES: Record<Locale, () => Promise<{ default: Messages }>> = {
  it: () => import('./bundles/it'),
  en: () => import('./bundles/en'),
  es: () => import('./bundles/es'),
  fr: () => import('./bundles/fr'),
  de: () => import('./bundles/de'),
};

/** Every message of one language. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await BUNDLES[locale]()).default;
}
