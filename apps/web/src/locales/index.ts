import type { Locale } from '@fs/contract';

/**
 * Translations are kept per area (`locales/<area>/<locale>.json`, the same areas as
 * `features/`), each file holding that area's top-level keys; at run time a locale's files
 * are merged into one set of messages.
 */
export type Messages = Record<string, unknown>;

const files = import.meta.glob<Messages>('./*/*.json', { eager: true, import: 'default' });

/** `{ area: messages }` of one locale. */
export function areaMessagesOf(locale: Locale): Record<string, Messages> {
  const out: Record<string, Messages> = {};
  for (const [file, messages] of Object.entries(files)) {
    const m = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (m && m[2] === locale) out[m[1]!] = messages;
  }
  return out;
}

/** Every message of one locale. */
export function messagesOf(locale: Locale): Messages {
  return Object.assign({}, ...Object.values(areaMessagesOf(locale))) as Messages;
}
