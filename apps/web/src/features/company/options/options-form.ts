import {
  findOption,
  OPTION_CATALOGUE,
  optionValueProblem,
  type CategoryDef,
  type OptionDef,
  type OptionItem,
  type OptionSection,
  type OptionsConfirmRequest,
} from '@fs/contract';
import type { TFunction } from 'i18next';
import { decimalText } from '../../../app/components/DecimalInput';

export type Values = Record<string, string>;
export const keyOf = (category: string, subcategory: string) => `${category}/${subcategory}`;

/**
 * Form values from the server's items (secrets start empty: a new value replaces the stored one;
 * amounts stored as "42.00" show the Italian way, "42,00").
 */
export function valuesOf(items: OptionItem[]): Values {
  const out: Values = {};
  for (const item of items) {
    for (const o of [item, ...item.child_options]) {
      const money = findOption(o.category, o.subcategory)?.type.kind === 'money';
      out[keyOf(o.category, o.subcategory)] = money ? decimalText(o.value, true) : (o.value ?? '');
    }
  }
  return out;
}

export const optionsOf = (c: CategoryDef): OptionDef[] => [c.main, ...(c.children ?? [])];

/** Categories of a section the server answered (SMTP is left out for users who may not read options). */
export function categoriesOf(section: OptionSection, items: OptionItem[]): CategoryDef[] {
  return OPTION_CATALOGUE.filter((c) => c.section === section && items.some((i) => i.category === c.category));
}

/** The values that changed, for POST /options/options/confirm; a secret only when typed or removed. */
export function changes(initial: Values, current: Values, secretRemoved: Set<string>): OptionsConfirmRequest['items'] {
  const out: OptionsConfirmRequest['items'] = [];
  for (const c of OPTION_CATALOGUE) {
    for (const o of optionsOf(c)) {
      const key = keyOf(c.category, o.subcategory);
      if (!(key in initial)) continue;
      const value = current[key] ?? '';
      if (o.type.kind === 'secret') {
        if (value !== '') out.push({ category: c.category, subcategory: o.subcategory, value });
        else if (secretRemoved.has(key)) out.push({ category: c.category, subcategory: o.subcategory, value: '' });
      } else if (value !== initial[key]) {
        out.push({ category: c.category, subcategory: o.subcategory, value });
      }
    }
  }
  return out;
}

/** The translated problem of a value, or null. */
export function problemOf(t: TFunction, o: OptionDef, value: string): string | null {
  const v = o.type.kind === 'secret' ? value : value.trim();
  if (!optionValueProblem(o.type, v)) return null;
  switch (o.type.kind) {
    case 'int':
      return t('options.invalid.int', { min: o.type.min, max: o.type.max });
    case 'text':
      return v === '' ? t('options.invalid.required') : t('options.invalid.text', { max: o.type.max });
    case 'flag':
    case 'choice':
    case 'email':
    case 'host':
    case 'money':
    case 'secret':
      return t(`options.invalid.${o.type.kind}`);
  }
}

/** Problems of the whole form by key, including SMTP needing a server and a sender when on. */
export function problemsOf(t: TFunction, values: Values): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of OPTION_CATALOGUE) {
    for (const o of optionsOf(c)) {
      const key = keyOf(c.category, o.subcategory);
      if (!(key in values)) continue;
      const p = problemOf(t, o, values[key]!);
      if (p) out[key] = p;
    }
  }
  if (values[keyOf('smtp', 'enabled')] === '1') {
    for (const sub of ['host', 'sender']) {
      if (!values[keyOf('smtp', sub)]?.trim()) out[keyOf('smtp', sub)] ??= t('options.invalid.requiredWithSmtp');
    }
  }
  return out;
}

/**
 * Whether a child option applies with the category's current main value: a machine level's name
 * only up to the chosen number of levels (livello_3 with 2 levels does not). The others always do.
 */
export function childApplies(c: CategoryDef, o: OptionDef, values: Values): boolean {
  const level = /^livello_(\d)$/.exec(o.subcategory);
  if (c.category !== 'livelli_macchinari' || !level) return true;
  const levels = Number(values[keyOf(c.category, c.main.subcategory)] || c.main.default);
  return Number(level[1]) <= levels;
}
