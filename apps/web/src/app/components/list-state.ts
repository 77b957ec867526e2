import { useEffect, useState } from 'react';
import { LIST_DEFAULT_SIZE } from '@fs/contract';

/** What a server-paged list asks for: page from 1, size, sort key, direction, search. */
export interface ListState {
  page: number;
  size: number;
  sort: string;
  dir: 'asc' | 'desc';
  q: string;
}

export function initialListState(sort: string, size = LIST_DEFAULT_SIZE): ListState {
  return { page: 1, size, sort, dir: 'asc', q: '' };
}

/** Clicking a header: a new column sorts ascending, the same column flips; back to page 1. */
export function nextSort(state: ListState, key: string): ListState {
  return state.sort === key
    ? { ...state, dir: state.dir === 'asc' ? 'desc' : 'asc', page: 1 }
    : { ...state, sort: key, dir: 'asc', page: 1 };
}

/** Toggling a column in the chooser; null when it would leave the min/max bounds. */
export function toggleColumn(selected: readonly string[], key: string, min: number, max: number): string[] | null {
  if (selected.includes(key)) {
    if (selected.length <= min) return null;
    return selected.filter((c) => c !== key);
  }
  if (selected.length >= max) return null;
  return [...selected, key];
}

/** Moving a chosen column one place up (-1) or down (+1). */
export function moveColumn(selected: readonly string[], key: string, by: -1 | 1): string[] {
  const i = selected.indexOf(key);
  const j = i + by;
  if (i < 0 || j < 0 || j >= selected.length) return [...selected];
  const out = [...selected];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

/** A value that follows `value` once it has not changed for `ms` (search as you type). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}
