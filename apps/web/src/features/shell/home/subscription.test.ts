import { describe, expect, it } from 'vitest';
import type { CompanyMap } from '@fs/contract';
import { subscriptionStatus } from './subscription';

const base: CompanyMap = {
  id: 'a',
  ragione_sociale: 'Demo',
  partita_iva: '12345670017',
  subscription_type: 'premium',
  subscription_confirmed: false,
  scadenza_trial_date: '2025-02-09',
  scadenza_abbonamento_date: null,
  start_abbonamento_date: null,
  dunning: false,
  work_flow_primo_accesso: 0,
  versione_schedule: 2,
  timezone: 'Europe/Rome',
};
const now = new Date(2025, 0, 10);

describe('subscriptionStatus', () => {
  it('names the states of spec section 4', () => {
    expect(subscriptionStatus(base, now)).toBe('trial');
    expect(subscriptionStatus({ ...base, scadenza_trial_date: '2025-01-09' }, now)).toBe('expired');
    expect(subscriptionStatus({ ...base, scadenza_trial_date: null }, now)).toBe('expired');
    expect(
      subscriptionStatus({ ...base, subscription_confirmed: true, scadenza_abbonamento_date: '2026-01-01' }, now),
    ).toBe('confirmed');
    expect(subscriptionStatus({ ...base, dunning: true }, now)).toBe('paymentFailed');
  });
});
