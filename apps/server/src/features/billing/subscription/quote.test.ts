import { describe, expect, it } from 'vitest';
import { PRICES } from '@fs/contract';
import { addMonths, buildQuote, monthsCeil, type QuoteCompany } from './quote.js';

const today = '2025-03-10';
const trial: QuoteCompany = {
  subscription_type: 'premium',
  subscription_confirmed: false,
  scadenza_trial_date: '2025-03-20',
  scadenza_abbonamento_date: null,
  start_abbonamento_date: null,
  dunning: false,
};
const confirmed: QuoteCompany = {
  ...trial,
  subscription_confirmed: true,
  scadenza_trial_date: '2024-01-01',
  start_abbonamento_date: '2024-12-01',
  scadenza_abbonamento_date: '2025-12-01',
};
const premium3 = [{ type: 'premium' as const, quantity: 3 }];
const base = { billingPeriod: 'yearly' as const, renew: false, replace: false };

describe('date helpers', () => {
  it('adds months clamping to the month end', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2025-03-10', 12)).toBe('2026-03-10');
  });
  it('counts a started month as whole, at least 1', () => {
    expect(monthsCeil('2025-03-10', '2025-03-10')).toBe(1);
    expect(monthsCeil('2025-03-10', '2025-04-10')).toBe(1);
    expect(monthsCeil('2025-03-10', '2025-04-11')).toBe(2);
    expect(monthsCeil('2025-03-10', '2025-12-01')).toBe(9);
  });
});

describe('new term (trial)', () => {
  it('quotes the current composition plus the items for a year, with the trial days left added', () => {
    const q = buildQuote(trial, premium3, 2, { ...base, items: [{ type: 'premium', quantity: 1 }] }, [], today);
    expect(q.mode).toBe('new_term');
    expect(q.start).toBe(today);
    expect(q.end).toBe('2026-03-20'); // a year plus the 10 trial days left
    expect(q.lines).toEqual([{ type: 'premium', quantity: 4, unit_cents: 29000, months: 12, amount_cents: 116000 }]);
    expect(q.total_cents).toBe(116000);
    expect(q.yearlyAllowed).toBe(true);
  });
  it('replaces the composition when asked, monthly for one month', () => {
    const q = buildQuote(
      trial,
      premium3,
      2,
      {
        ...base,
        billingPeriod: 'monthly',
        replace: true,
        items: [
          { type: 'lite', quantity: 2 },
          { type: 'storage', quantity: 1 },
        ],
      },
      [],
      today,
    );
    expect(q.plan).toBe('lite');
    expect(q.end).toBe('2025-04-20');
    expect(q.yearlyAllowed).toBe(false);
    expect(q.total_cents).toBe(2 * PRICES.lite.monthly + PRICES.storage.monthly);
  });
  it('refuses more than 3 lite technicians, fewer licences than technicians in use, two plans', () => {
    const go =
      (items: { type: 'lite' | 'premium'; quantity: number }[], used = 1) =>
      () =>
        buildQuote(trial, premium3, used, { ...base, replace: true, items }, [], today);
    expect(go([{ type: 'lite', quantity: 4 }])).toThrow(/lite/);
    expect(go([{ type: 'lite', quantity: 3 }])).not.toThrow();
    expect(go([{ type: 'premium', quantity: 1 }], 2)).toThrow(/almeno 2/);
    expect(
      go([
        { type: 'premium', quantity: 1 },
        { type: 'lite', quantity: 1 },
      ]),
    ).toThrow(/un solo piano/);
    expect(
      go([
        { type: 'premium', quantity: 1 },
        { type: 'premium', quantity: 1 },
      ]),
    ).toThrow(/ripetuto/);
  });
  it('an expired company starts a new term today without free days', () => {
    const expired = { ...trial, scadenza_trial_date: '2025-03-01' };
    const q = buildQuote(expired, premium3, 0, { ...base, items: [] }, [], today);
    expect([q.start, q.end, q.total_cents]).toEqual([today, '2026-03-10', 87000]);
  });
});

describe('additions to a confirmed term', () => {
  it('are pro-rata by started months at the monthly price', () => {
    const q = buildQuote(
      confirmed,
      premium3,
      3,
      { ...base, billingPeriod: 'monthly', items: [{ type: 'premium', quantity: 1 }] },
      [],
      today,
    );
    expect(q.mode).toBe('addition');
    expect([q.start, q.end]).toEqual([today, '2025-12-01']);
    expect(q.lines[0]).toEqual({ type: 'premium', quantity: 1, unit_cents: 2900, months: 9, amount_cents: 26100 });
  });
  it('refuse yearly billing when the rest of the term is shorter than a calendar year', () => {
    expect(() =>
      buildQuote(confirmed, premium3, 3, { ...base, items: [{ type: 'premium', quantity: 1 }] }, [], today),
    ).toThrow(/annuale/);
    const long = { ...confirmed, scadenza_abbonamento_date: '2026-03-10' };
    const q = buildQuote(long, premium3, 3, { ...base, items: [{ type: 'premium', quantity: 1 }] }, [], today);
    expect(q.yearlyAllowed).toBe(true);
    expect(q.lines[0]!.amount_cents).toBe(29000); // 12 months of the yearly price
  });
  it('keep to the plan type and to the lite limit', () => {
    expect(() =>
      buildQuote(
        confirmed,
        premium3,
        3,
        { ...base, billingPeriod: 'monthly', items: [{ type: 'lite', quantity: 1 }] },
        [],
        today,
      ),
    ).toThrow(/altro piano/);
    const lite = { ...confirmed, subscription_type: 'lite' as const };
    expect(() =>
      buildQuote(
        lite,
        [{ type: 'lite', quantity: 3 }],
        1,
        { ...base, billingPeriod: 'monthly', items: [{ type: 'lite', quantity: 1 }] },
        [],
        today,
      ),
    ).toThrow(/lite/);
  });
  it('renew quotes the next term from the day after the current end', () => {
    const q = buildQuote(confirmed, premium3, 3, { ...base, renew: true, items: [] }, [], today);
    expect([q.mode, q.start, q.end]).toEqual(['new_term', '2025-12-02', '2026-12-02']);
  });
});

describe('vouchers', () => {
  it('apply in order: percent of the running total, then an amount never below zero', () => {
    const q = buildQuote(
      trial,
      premium3,
      0,
      { ...base, items: [] },
      [
        { code: 'P10', percentOff: 10, amountOffCents: null },
        { code: 'A50', amountOffCents: 5000, percentOff: null },
      ],
      today,
    );
    expect(q.subtotal_cents).toBe(87000);
    expect(q.discounts).toEqual([
      { code: 'P10', amount_cents: 8700 },
      { code: 'A50', amount_cents: 5000 },
    ]);
    expect(q.total_cents).toBe(73300);
    const free = buildQuote(
      trial,
      premium3,
      0,
      { ...base, items: [] },
      [{ code: 'BIG', amountOffCents: 10_000_000, percentOff: null }],
      today,
    );
    expect(free.total_cents).toBe(0);
  });
});
