/**
 * The search rule of the server (fs_fold, migration 0014) for lists filtered in the browser:
 * case and accents ignored, every word of the term somewhere in the record, in any order.
 */
export function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A matcher for `term`: true when every word of it is in one of the texts (all match for an empty term). */
export function searchMatcher(term: string): (texts: readonly (string | null | undefined)[]) => boolean {
  const words = fold(term).split(/\s+/).filter(Boolean);
  if (words.length === 0) return () => true;
  return (texts) => {
    const haystack = fold(texts.filter(Boolean).join(' '));
    return words.every((w) => haystack.includes(w));
  };
}
