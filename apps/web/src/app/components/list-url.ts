import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isUuid, LIST_DEFAULT_SIZE, LIST_MAX_SIZE, SEARCH_MAX_LENGTH } from '@fs/contract';
import type { ListState } from './list-state';

/** The page sizes a list offers (and so the only ones its address may hold). */
export const PAGE_SIZES = [10, 25, 50, 100, LIST_MAX_SIZE] as const;

/** A filter's accepted values: a value of the address that fails is ignored (the filter stays off). */
export type FilterRule = (value: string) => boolean;

export interface ListParamsOptions<F extends string> {
  /** The list's own sort, direction and page size when the address says nothing. */
  sort: string;
  dir?: 'asc' | 'desc';
  size?: number;
  /** The keys the list sorts by (the table's sortable columns); another key in the address is ignored. */
  sorts?: readonly string[];
  /** The list's filters by their name in the address (the API's own parameter names). */
  filters?: Record<F, FilterRule>;
}

/** What a list shows: page, size, sort, direction and search, and its filters ('' when off). */
export interface ListParamsValue<F extends string> {
  state: ListState;
  filters: Record<F, string>;
}

/** Filter rules most lists need: an id, one of a few values, free text of a length. */
export const filterRules = {
  id: (v: string) => isUuid(v),
  oneOf:
    (values: readonly string[]): FilterRule =>
    (v) =>
      values.includes(v),
  text:
    (max = SEARCH_MAX_LENGTH): FilterRule =>
    (v) =>
      v.length <= max,
};

/** The sortable keys of a table definition. */
export const sortsOf = (table: { columns: readonly { key: string; sortable: boolean }[] }): string[] =>
  table.columns.filter((c) => c.sortable).map((c) => c.key);

function defaults<F extends string>(o: ListParamsOptions<F>) {
  return { sort: o.sort, dir: o.dir ?? 'asc', size: o.size ?? LIST_DEFAULT_SIZE };
}

/** Reads a list's address; anything out of place (a page of "x", an unknown sort or state) falls back to the default. */
export function readListParams<F extends string>(params: URLSearchParams, o: ListParamsOptions<F>): ListParamsValue<F> {
  const d = defaults(o);
  const pageText = params.get('page') ?? '';
  const page = /^[1-9]\d{0,5}$/.test(pageText) ? Number(pageText) : 1;
  const sizeText = params.get('size') ?? '';
  const size =
    (PAGE_SIZES as readonly number[]).includes(Number(sizeText)) && sizeText !== '' ? Number(sizeText) : d.size;
  const sortText = params.get('sort') ?? '';
  const sortKnown = o.sorts ? o.sorts.includes(sortText) : /^[a-z_][a-z0-9_]{0,59}$/i.test(sortText);
  const sort = sortKnown ? sortText : d.sort;
  const dirText = params.get('dir');
  const dir = dirText === 'asc' || dirText === 'desc' ? dirText : sortKnown ? 'asc' : d.dir;
  const q = (params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH);
  const filters = {} as Record<F, string>;
  for (const [key, rule] of Object.entries(o.filters ?? {}) as [F, FilterRule][]) {
    const v = params.get(key) ?? '';
    filters[key] = v !== '' && rule(v) ? v : '';
  }
  return { state: { page, size, sort, dir, q }, filters };
}

/** The parameters a list owns in its address. */
const ownKeys = <F extends string>(o: ListParamsOptions<F>) => [
  'q',
  'sort',
  'dir',
  'size',
  'page',
  ...Object.keys(o.filters ?? {}),
];

/** The address of a list: only what differs from its defaults, in a fixed order. */
export function writeListParams<F extends string>(v: ListParamsValue<F>, o: ListParamsOptions<F>): URLSearchParams {
  const d = defaults(o);
  const p = new URLSearchParams();
  if (v.state.q) p.set('q', v.state.q);
  for (const key of Object.keys(o.filters ?? {}) as F[]) if (v.filters[key]) p.set(key, v.filters[key]);
  if (v.state.sort !== d.sort || v.state.dir !== d.dir) {
    p.set('sort', v.state.sort);
    p.set('dir', v.state.dir);
  }
  if (v.state.size !== d.size) p.set('size', String(v.state.size));
  if (v.state.page !== 1) p.set('page', String(v.state.page));
  return p;
}

export interface ListParams<F extends string> {
  state: ListState;
  setState: (next: ListState) => void;
  /** The search box's text as typed (the caller debounces what it asks the server). */
  search: string;
  setSearch: (q: string) => void;
  filters: Record<F, string>;
  /** Sets filters (null or '' turns one off) and goes back to page 1. */
  setFilters: (patch: Partial<Record<F, string | null>>) => void;
}

/**
 * The one place a list keeps what it shows: in the address. Filters, search, sort, page and size
 * survive a reload and Back from a row's page, and a link holds the list as seen. The page holds its
 * own state (typing is never slowed by the router) and writes the address in place (no history entry
 * per filter, no scroll back to the top); an address changed from outside (the menu's link to the
 * list) is read again.
 */
export function useListParams<F extends string = never>(o: ListParamsOptions<F>): ListParams<F> {
  const [params, setParams] = useSearchParams();
  const options = useRef(o);
  options.current = o;
  const [value, setValue] = useState(() => readListParams(params, o));
  const written = useRef(params.toString());
  const current = params.toString();

  useEffect(() => {
    if (current === written.current) return;
    written.current = current;
    setValue(readListParams(new URLSearchParams(current), options.current));
  }, [current]);

  // The address's other parameters (a page's own, e.g. the planner's view) are kept as they are.
  const latest = useRef(params);
  latest.current = params;
  useEffect(() => {
    const next = new URLSearchParams(latest.current);
    for (const key of ownKeys(options.current)) next.delete(key);
    for (const [key, v] of writeListParams(value, options.current)) next.set(key, v);
    if (next.toString() === written.current) return;
    written.current = next.toString();
    setParams(next, { replace: true, preventScrollReset: true });
  }, [value, setParams]);

  return {
    state: value.state,
    setState: (state) => setValue((v) => ({ ...v, state: { ...state, q: v.state.q } })),
    search: value.state.q,
    setSearch: (q) => setValue((v) => ({ ...v, state: { ...v.state, q: q.slice(0, SEARCH_MAX_LENGTH) } })),
    filters: value.filters,
    setFilters: (patch) =>
      setValue((v) => {
        const filters = { ...v.filters };
        for (const [key, val] of Object.entries(patch) as [F, string | null][]) filters[key] = val ?? '';
        return { state: { ...v.state, page: 1 }, filters };
      }),
  };
}
