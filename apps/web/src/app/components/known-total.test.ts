import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { knownTotal, searchPartOf } from './known-total';

const page = (qs: string) => ['customers', 'page', qs] as const;
const sameAs = (qs: string) => (key: readonly unknown[]) => searchPartOf(String(key[2])) === searchPartOf(qs);

describe('knownTotal', () => {
  it('takes the total of a fresh page of the same search, whatever its page, size or order', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    client.setQueryData(page('page=1&size=25&sort=codice&dir=asc&q=rossi'), { items: [], totaleElementi: 42 });
    client.setQueryData(page('page=1&size=25&sort=codice&dir=asc'), { items: [], totaleElementi: 1000 });
    expect(
      knownTotal(client, ['customers', 'page'], sameAs('q=rossi&page=3&size=50&sort=citta&dir=desc'), 60_000),
    ).toBe(42);
    expect(knownTotal(client, ['customers', 'page'], sameAs('page=2'), 60_000)).toBe(1000);
    expect(knownTotal(client, ['customers', 'page'], sameAs('page=2&q=rossi&provincia=BO'), 60_000)).toBeUndefined();
    // A save invalidates the lists: their totals are no longer trusted.
    await client.invalidateQueries({ queryKey: ['customers'], refetchType: 'none' });
    expect(knownTotal(client, ['customers', 'page'], sameAs('page=2'), 60_000)).toBeUndefined();
  });

  it('never sends back a total that is only a lower bound ("more than 1,000")', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    client.setQueryData(page('page=1&q=rossi'), { items: [], totaleElementi: 1000, totalePiuDi: true });
    expect(knownTotal(client, ['customers', 'page'], sameAs('page=2&q=rossi'), 60_000)).toBeUndefined();
    client.setQueryData(page('page=40&q=rossi'), { items: [], totaleElementi: 1050 });
    expect(knownTotal(client, ['customers', 'page'], sameAs('page=41&q=rossi'), 60_000)).toBe(1050);
  });

  it('ignores pages older than their cache lifetime', () => {
    const client = new QueryClient();
    client.setQueryData(page('page=1'), { items: [], totaleElementi: 7 }, { updatedAt: Date.now() - 61_000 });
    expect(knownTotal(client, ['customers', 'page'], sameAs('page=2'), 60_000)).toBeUndefined();
    expect(knownTotal(client, ['customers', 'page'], sameAs('page=2'), 120_000)).toBe(7);
  });

  it('keeps only what decides a total in the search part, in a stable order', () => {
    expect(searchPartOf('page=4&size=10&sort=citta&dir=desc&totale=9&tableInfos=true&q=x&citta=mi')).toBe(
      'citta=mi&q=x',
    );
    expect(searchPartOf('q=x&citta=mi')).toBe(searchPartOf('citta=mi&q=x'));
  });
});
