import type { Locale } from '@fs/contract';
import type { Messages } from '.';

/** Every area's messages of every language at once: for the tests that compare languages, never for the app. */
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
