import type { routes, RouteAnswer } from '@fs/contract';

export type DictionaryEntry = RouteAnswer<typeof routes.webhooks.dictionary>['items'][number];
export type MessageDetail = RouteAnswer<typeof routes.webhooks.message>['item'];

/** The areas of the events, in the order the form shows them (an event's area is the part before its dot). */
export const EVENT_AREAS = ['report', 'appointment', 'customer', 'contract', 'clocking'] as const;

export const areaOf = (evento: string) => evento.split('.')[0] ?? evento;

/** The dictionary's events grouped by area: the known areas first in their order, any other after. */
export function groupByArea(entries: DictionaryEntry[]): { area: string; entries: DictionaryEntry[] }[] {
  const groups = new Map<string, DictionaryEntry[]>();
  for (const a of EVENT_AREAS) groups.set(a, []);
  for (const e of entries) {
    const a = areaOf(e.evento);
    groups.set(a, [...(groups.get(a) ?? []), e]);
  }
  return [...groups].filter(([, list]) => list.length > 0).map(([area, list]) => ({ area, entries: list }));
}

/** The event's description in the interface language: Italian for Italian, English otherwise. */
export const describe = (e: DictionaryEntry, language: string) =>
  language.startsWith('it') ? e.descrizione : e.description;
