import { describe, expect, it } from 'vitest';
import { initialListState, moveColumn, nextSort, toggleColumn } from './list-state';

describe('list state', () => {
  it('sorts a new column ascending, flips the same column, and goes back to page 1', () => {
    const s = { ...initialListState('ragione_sociale'), page: 4 };
    expect(nextSort(s, 'citta')).toMatchObject({ sort: 'citta', dir: 'asc', page: 1 });
    expect(nextSort(s, 'ragione_sociale')).toMatchObject({ sort: 'ragione_sociale', dir: 'desc', page: 1 });
    expect(nextSort(nextSort(s, 'ragione_sociale'), 'ragione_sociale').dir).toBe('asc');
  });

  it('keeps the column choice within min and max', () => {
    expect(toggleColumn(['a', 'b'], 'b', 2, 3)).toBeNull();
    expect(toggleColumn(['a', 'b', 'c'], 'd', 2, 3)).toBeNull();
    expect(toggleColumn(['a', 'b'], 'c', 2, 3)).toEqual(['a', 'b', 'c']);
    expect(toggleColumn(['a', 'b', 'c'], 'a', 2, 3)).toEqual(['b', 'c']);
  });

  it('moves a column within the bounds of the list', () => {
    expect(moveColumn(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
  });
});
