import { describe, expect, it } from 'vitest';
import {
  isExpired,
  isExpiring,
  isTrialActive,
  licenceCount,
  subscriptionState,
  technicianLimit,
  yearlyAllowed,
  type SubscriptionDates,
} from './plans.js';
import { daysBetween, todayIn } from './time.js';

const base: SubscriptionDates = {
  subscription_confirmed: false,
  scadenza_trial_date: null,
  scadenza_abbonamento_date: null,
  dunning: false,
};
const today = '2026-11-22';

describe('trial', () => {
  it('is active through its last day and not after, nor once confirmed', () => {
    expect(isTrialActive({ ...base, scadenza_trial_date: '2026-11-22' }, today)).toBe(true);
    expect(isTrialActive({ ...base, scadenza_trial_date: '2026-11-21' }, today)).toBe(false);
    expect(isTrialActive({ ...base, scadenza_trial_date: '2026-12-22', subscription_confirmed: true }, today)).toBe(
      false,
    );
  });
});

describe('expired', () => {
  it('uses the later of the two dates, a missing one counting as 1960', () => {
    expect(isExpired(base, today)).toBe(true);
    expect(isExpired({ ...base, scadenza_trial_date: '2026-11-22' }, today)).toBe(false);
    expect(isExpired({ ...base, scadenza_trial_date: '2026-11-21' }, today)).toBe(true);
    expect(
      isExpired({ ...base, scadenza_trial_date: '2026-01-01', scadenza_abbonamento_date: '2026-11-22' }, today),
    ).toBe(false);
    expect(
      isExpired({ ...base, scadenza_trial_date: '2027-01-01', scadenza_abbonamento_date: '2026-01-01' }, today),
    ).toBe(false);
  });
});

describe('expiring', () => {
  const confirmed = { ...base, subscription_confirmed: true };
  it('warns under 20 days, not at 20, not once past', () => {
    expect(isExpiring({ ...confirmed, scadenza_abbonamento_date: '2026-12-11' }, today)).toBe(true); // 19 days
    expect(isExpiring({ ...confirmed, scadenza_abbonamento_date: '2026-12-12' }, today)).toBe(false); // 20 days
    expect(isExpiring({ ...confirmed, scadenza_abbonamento_date: '2026-11-22' }, today)).toBe(true); // last day
    expect(isExpiring({ ...confirmed, scadenza_abbonamento_date: '2026-11-21' }, today)).toBe(false);
    expect(isExpiring({ ...base, scadenza_abbonamento_date: '2026-12-01' }, today)).toBe(false);
  });
});

describe('state', () => {
  it('names the most urgent state', () => {
    expect(subscriptionState(base, today)).toBe('expired');
    expect(subscriptionState({ ...base, scadenza_trial_date: '2026-12-01', dunning: true }, today)).toBe(
      'payment_failed',
    );
    expect(subscriptionState({ ...base, scadenza_trial_date: '2026-12-01' }, today)).toBe('free_trial');
    expect(
      subscriptionState({ ...base, subscription_confirmed: true, scadenza_abbonamento_date: '2027-11-01' }, today),
    ).toBe('active');
  });
});

describe('helpers', () => {
  it('counts licences of plan types only', () => {
    expect(
      licenceCount([
        { type: 'premium', quantity: 3 },
        { type: 'lite', quantity: 1 },
        { type: 'storage', quantity: 2 },
      ]),
    ).toBe(4);
  });
  it('allows yearly billing only for a term of a calendar year or more', () => {
    expect(yearlyAllowed('2026-01-15', '2027-01-15')).toBe(true);
    expect(yearlyAllowed('2026-01-15', '2027-01-14')).toBe(false);
    expect(yearlyAllowed('2024-02-29', '2025-03-01')).toBe(true);
  });
  it('computes days and today in a time zone', () => {
    expect(daysBetween('2026-11-22', '2026-12-22')).toBe(30);
    expect(todayIn('Europe/Rome', new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(technicianLimit('lite')).toBe(3);
    expect(technicianLimit('premium')).toBeNull();
  });
});
