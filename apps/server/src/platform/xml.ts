import { fragment } from 'xmlbuilder2';

/**
 * Every XML the product writes starts here (the Danea EasyFatt file today, FatturaPA tomorrow): text and
 * attributes are escaped by xmlbuilder2, and the characters XML 1.0 forbids (control characters, U+FFFE,
 * U+FFFF, lone surrogates: old data or an import may hold them) are dropped, so no value can make the
 * file unreadable.
 */
export function xmlFragment() {
  return fragment({ invalidCharReplacement: '' });
}
