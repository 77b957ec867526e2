import { OPTION_CATALOGUE, type CategoryDef, type OptionDef, type OptionItem } from '@fs/contract';

/** Stored values by `category/subcategory`; secrets are still sealed here and never leave. */
export type StoredValues = Map<string, string>;
export const keyOf = (category: string, subcategory: string) => `${category}/${subcategory}`;

function item(c: CategoryDef, o: OptionDef, stored: StoredValues, abilitazione: boolean): OptionItem {
  const raw = stored.get(keyOf(c.category, o.subcategory));
  if (o.type.kind === 'secret') {
    return {
      category: c.category,
      subcategory: o.subcategory,
      value: null,
      abilitazione,
      is_set: !!raw,
      child_options: [],
    };
  }
  return { category: c.category, subcategory: o.subcategory, value: raw ?? o.default, abilitazione, child_options: [] };
}

/** Every category of the catalogue as a wire item: the main value with its children. */
export function toOptionItems(
  stored: StoredValues,
  bought: Set<string>,
  include: (c: CategoryDef) => boolean = () => true,
): OptionItem[] {
  return OPTION_CATALOGUE.filter(include).map((c) => {
    const abilitazione = c.paid ? bought.has(c.paid) : true;
    return {
      ...item(c, c.main, stored, abilitazione),
      child_options: (c.children ?? []).map((o) => item(c, o, stored, abilitazione)),
    };
  });
}
