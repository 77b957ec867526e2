import { describe, expect, it } from 'vitest';
import { EVENTS } from './catalog.js';

describe('the events catalogue', () => {
  it.each(Object.entries(EVENTS))('%s: its dictionary example matches its payload schema', (_name, def) => {
    const parsed = def.payload.safeParse(def.example);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(def.it.length).toBeGreaterThan(3);
    expect(def.en.length).toBeGreaterThan(3);
  });
});
