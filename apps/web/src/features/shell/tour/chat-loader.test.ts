import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_GLOBAL, chatWanted, whenChatReady, type ChatApi } from './chat-loader';

describe('chat widget loader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries every 200 ms until the global is there, then uses it once', () => {
    const win = {} as Window & Record<string, ChatApi | undefined>;
    const use = vi.fn();
    whenChatReady(use, win);
    vi.advanceTimersByTime(199);
    expect(use).not.toHaveBeenCalled();
    vi.advanceTimersByTime(600);
    expect(use).not.toHaveBeenCalled();
    const api = { showWidget: vi.fn() };
    win[CHAT_GLOBAL] = api;
    vi.advanceTimersByTime(199);
    expect(use).toHaveBeenCalledTimes(1);
    expect(use).toHaveBeenCalledWith(api);
    vi.advanceTimersByTime(2000);
    expect(use).toHaveBeenCalledTimes(1);
  });

  it('uses an API already there at once, and stops retrying when cancelled', () => {
    const ready = { [CHAT_GLOBAL]: { hideWidget: vi.fn() } } as unknown as Window;
    const use = vi.fn();
    whenChatReady(use, ready as never);
    expect(use).toHaveBeenCalledTimes(1);

    const win = {} as Window & Record<string, ChatApi | undefined>;
    const late = vi.fn();
    const stop = whenChatReady(late, win);
    vi.advanceTimersByTime(400);
    stop();
    win[CHAT_GLOBAL] = { showWidget: vi.fn() };
    vi.advanceTimersByTime(1000);
    expect(late).not.toHaveBeenCalled();
  });

  it('is wanted only with a URL, during the free trial, and never on the checkout page', () => {
    const url = 'http://127.0.0.1:9/chat.js';
    expect(chatWanted({ url, trial: true, pathname: '/' })).toBe(true);
    expect(chatWanted({ url, trial: true, pathname: '/subscription-plan/checkout' })).toBe(false);
    expect(chatWanted({ url, trial: true, pathname: '/subscription-plan/checkout/3ds' })).toBe(false);
    expect(chatWanted({ url, trial: true, pathname: '/subscription-plan' })).toBe(true);
    expect(chatWanted({ url, trial: false, pathname: '/' })).toBe(false);
    expect(chatWanted({ url: null, trial: true, pathname: '/' })).toBe(false);
  });
});
