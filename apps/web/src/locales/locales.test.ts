import { describe, expect, it } from 'vitest';
import { ALERT_CODES, LOCALES, PAGES } from '@fs/contract';
import { areaMessagesOf, messagesOf } from './all';
import { loadMessages } from '.';

const files: Record<string, unknown> = Object.fromEntries(LOCALES.map((l) => [l, messagesOf(l)]));

/** Every leaf as "a.b.c" → value. */
function flatten(node: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    for (const [k, v] of Object.entries(node)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out[prefix] = node;
  return out;
}

const flat = Object.fromEntries(Object.entries(files).map(([lang, json]) => [lang, flatten(json)]));
const italianKeys = Object.keys(flat.it!).sort();

describe('locale files', () => {
  it('exist for every interface language', () => {
    expect(Object.keys(files).sort()).toEqual([...LOCALES].sort());
  });

  it.each([...LOCALES])('%s has a file for every area, and no top-level key in two areas', (lang) => {
    const areas = areaMessagesOf(lang);
    expect(Object.keys(areas).sort()).toEqual(Object.keys(areaMessagesOf('it')).sort());
    const keys = Object.values(areas).flatMap((m) => Object.keys(m));
    expect(keys.length).toBe(new Set(keys).size);
  });

  it.each([...LOCALES])('%s: the bundle loaded on demand holds every area', async (lang) => {
    expect(await loadMessages(lang)).toEqual(messagesOf(lang));
  });

  it.each(Object.keys(files))('%s has exactly the Italian key set', (lang) => {
    expect(Object.keys(flat[lang]!).sort()).toEqual(italianKeys);
  });

  it.each(Object.keys(files))('%s has no empty or non-string values', (lang) => {
    const bad = Object.entries(flat[lang]!).filter(([, v]) => typeof v !== 'string' || v.trim() === '');
    expect(bad).toEqual([]);
  });

  it('translates every alert code and every page of the menu', () => {
    const needed = [...Object.values(ALERT_CODES).map((c) => c.key), ...PAGES.map((p) => p.i18nKey)];
    expect(needed.filter((key) => !(key in flat.it!))).toEqual([]);
  });

  it('keeps interpolation placeholders the same in every language', () => {
    const placeholders = (v: unknown) =>
      String(v)
        .match(/{{\w+}}/g)
        ?.sort()
        .join() ?? '';
    for (const lang of Object.keys(files)) {
      const differing = italianKeys.filter((k) => placeholders(flat[lang]![k]) !== placeholders(flat.it![k]));
      expect(differing, lang).toEqual([]);
    }
  });
});
