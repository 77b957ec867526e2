import { createElement, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { chunk, lazyPage, reloadAfterChunkError } from './lazy-page';

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

describe('lazy pages', () => {
  afterEach(() => cleanup());

  it('renders a preloaded page at once, without the Suspense fallback, and hands prepare the start', async () => {
    const prepare = vi.fn();
    const Page = lazyPage(async () => ({ Shown: () => createElement('p', null, 'the page') }), 'Shown', prepare);
    const start = { search: '?vista=mese', queryClient: new QueryClient() };
    await Page.preload(start);
    expect(prepare).toHaveBeenCalledWith(expect.objectContaining({ Shown: expect.any(Function) }), start);
    render(createElement(Suspense, { fallback: createElement('p', null, 'fallback') }, createElement(Page)));
    // Synchronously: no fallback in between.
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('fallback')).toBeNull();
  });

  it("hands start the address before the page's code has arrived", async () => {
    let arrive!: (m: { Shown: () => null }) => void;
    const start = vi.fn();
    const Page = lazyPage(() => new Promise<{ Shown: () => null }>((r) => (arrive = r)), 'Shown', undefined, start);
    const at = { search: '?stato=APERTO', queryClient: new QueryClient() };
    const loaded = Page.preload(at);
    expect(start).toHaveBeenCalledWith(at);
    arrive({ Shown: () => null });
    await loaded;
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('renders a page not loaded yet through Suspense', async () => {
    const Page = lazyPage(async () => ({ Later: () => createElement('p', null, 'the page') }), 'Later');
    render(createElement(Suspense, { fallback: createElement('p', null, 'fallback') }, createElement(Page)));
    expect(screen.getByText('fallback')).toBeTruthy();
    expect(await screen.findByText('the page')).toBeTruthy();
  });

  it('loads a chunk once, and again after a failure', async () => {
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload: vi.fn() });
    sessionStorage.setItem('fs.chunkReloadAt', String(Date.now())); // the guard forbids a reload
    const importer = vi
      .fn<() => Promise<{ X: string }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ X: 'x' });
    const part = chunk(importer, 'X');
    await expect(part.load()).rejects.toThrow('offline');
    expect(part.loaded).toBeUndefined();
    expect(await part.load()).toBe('x');
    expect(await part.load()).toBe('x');
    expect(part.loaded).toBe('x');
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
