import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadAfterChunkError } from './lazy-page';

describe('chunk reload guard', () => {
  afterEach(() => sessionStorage.clear());

  it('reloads at most once per 60 s', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    expect(reloadAfterChunkError(1_000_000)).toBe(true);
    expect(reloadAfterChunkError(1_030_000)).toBe(false);
    expect(reloadAfterChunkError(1_060_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
