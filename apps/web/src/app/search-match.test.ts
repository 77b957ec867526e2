import { describe, expect, it } from 'vitest';
import { fold, searchMatcher } from './search-match';

describe('searchMatcher', () => {
  it('ignores case, accents and the order of words', () => {
    expect(fold('Forlì Cesèna ÀÉ')).toBe('forli cesena ae');
    const m = searchMatcher('  sfera VALVOLA ');
    expect(m(['Valvola a sfera', null])).toBe(true);
    expect(m(['Valvola', 'a sfera'])).toBe(true);
    expect(m(['Valvola a farfalla'])).toBe(false);
    expect(searchMatcher('forli')(['Niccolò', 'Forlì'])).toBe(true);
    expect(searchMatcher('')(['anything'])).toBe(true);
  });
});
