import { describe, expect, it } from 'vitest';
import { showCounter } from './text-limit';

describe('showCounter', () => {
  it('shows from 80% of the limit, never on tiny fields', () => {
    expect(showCounter(39, 50)).toBe(false);
    expect(showCounter(40, 50)).toBe(true);
    expect(showCounter(50, 50)).toBe(true);
    expect(showCounter(3999, 5000)).toBe(false);
    expect(showCounter(4000, 5000)).toBe(true);
    expect(showCounter(5, 5)).toBe(false);
  });
});
