import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { findCategory, type OptionItem } from '@fs/contract';
import { changes, childApplies, keyOf, problemsOf, valuesOf } from './options-form';

const t = ((k: string, o?: Record<string, unknown>) => (o ? `${k} ${JSON.stringify(o)}` : k)) as unknown as TFunction;
const items: OptionItem[] = [
  {
    category: 'timbrature',
    subcategory: 'enabled',
    value: '1',
    abilitazione: true,
    child_options: [
      { category: 'timbrature', subcategory: 'tolleranza_minuti', value: '10', abilitazione: true, child_options: [] },
      {
        category: 'timbrature',
        subcategory: 'arrotondamento_minuti',
        value: '15',
        abilitazione: true,
        child_options: [],
      },
    ],
  },
  {
    category: 'smtp',
    subcategory: 'enabled',
    value: '0',
    abilitazione: true,
    child_options: [
      { category: 'smtp', subcategory: 'host', value: '', abilitazione: true, child_options: [] },
      { category: 'smtp', subcategory: 'password', value: null, is_set: true, abilitazione: true, child_options: [] },
      { category: 'smtp', subcategory: 'sender', value: '', abilitazione: true, child_options: [] },
    ],
  },
];

describe('options form', () => {
  it('sends only what changed; a secret only when typed or removed', () => {
    const initial = valuesOf(items);
    expect(initial[keyOf('smtp', 'password')]).toBe('');
    expect(changes(initial, { ...initial }, new Set())).toEqual([]);
    const edited = { ...initial, [keyOf('timbrature', 'tolleranza_minuti')]: '5', [keyOf('smtp', 'password')]: 'pw' };
    // in catalogue order
    expect(changes(initial, edited, new Set())).toEqual([
      { category: 'smtp', subcategory: 'password', value: 'pw' },
      { category: 'timbrature', subcategory: 'tolleranza_minuti', value: '5' },
    ]);
    expect(changes(initial, initial, new Set([keyOf('smtp', 'password')]))).toEqual([
      { category: 'smtp', subcategory: 'password', value: '' },
    ]);
  });

  it('checks values by type and SMTP needs a server and a sender when on', () => {
    const initial = valuesOf(items);
    expect(problemsOf(t, initial)).toEqual({});
    const bad = problemsOf(t, {
      ...initial,
      [keyOf('timbrature', 'tolleranza_minuti')]: '500',
      [keyOf('timbrature', 'arrotondamento_minuti')]: '7',
    });
    expect(bad[keyOf('timbrature', 'tolleranza_minuti')]).toBe('options.invalid.int {"min":0,"max":120}');
    expect(bad[keyOf('timbrature', 'arrotondamento_minuti')]).toBe('options.invalid.choice');
    const smtp = problemsOf(t, { ...initial, [keyOf('smtp', 'enabled')]: '1' });
    expect(Object.keys(smtp).sort()).toEqual([keyOf('smtp', 'host'), keyOf('smtp', 'sender')]);
  });
});

describe('options that apply', () => {
  it('shows the names of the machine levels up to the chosen number of levels only', () => {
    const c = findCategory('livelli_macchinari')!;
    const shown = (levels: string) =>
      c
        .children!.filter((o) => childApplies(c, o, { [keyOf(c.category, c.main.subcategory)]: levels }))
        .map((o) => o.subcategory);
    expect(shown('2')).toEqual(['livello_1', 'livello_2']);
    expect(shown('4')).toEqual(['livello_1', 'livello_2', 'livello_3', 'livello_4']);
    // Not yet chosen: the default (2).
    expect(shown('')).toEqual(['livello_1', 'livello_2']);
    const smtp = findCategory('timbrature')!;
    expect(smtp.children!.every((o) => childApplies(smtp, o, {}))).toBe(true);
  });
});
