import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@fs/contract';
import { activeTourStep, allowedPages, isAllowed, tourStartUrl } from './tour';

const NOW = new Date('2030-05-10T10:00:00Z');
function user(
  o: { role?: 'admin' | 'user'; step?: number; trialEnd?: string | null; confirmed?: boolean } = {},
): SessionUser {
  return {
    role: o.role ?? 'admin',
    aziendamap: {
      work_flow_primo_accesso: o.step ?? 0,
      scadenza_trial_date: o.trialEnd === undefined ? '2030-05-20' : o.trialEnd,
      subscription_confirmed: o.confirmed ?? false,
      scadenza_abbonamento_date: null,
      dunning: false,
    },
  } as unknown as SessionUser;
}

describe('first-access tour enablement', () => {
  it('is on during the free trial at steps 0, 10 and 20', () => {
    expect(activeTourStep(user({ step: 0 }), 'Europe/Rome', NOW)).toBe(0);
    expect(activeTourStep(user({ step: 10 }), 'Europe/Rome', NOW)).toBe(10);
    expect(activeTourStep(user({ step: 20 }), 'Europe/Rome', NOW)).toBe(20);
  });

  it('is off when finished (30), absent (-1), outside the trial, or for technicians', () => {
    expect(activeTourStep(user({ step: 30 }), 'Europe/Rome', NOW)).toBeNull();
    expect(activeTourStep(user({ step: -1 }), 'Europe/Rome', NOW)).toBeNull();
    expect(activeTourStep(user({ confirmed: true }), 'Europe/Rome', NOW)).toBeNull();
    expect(activeTourStep(user({ trialEnd: '2030-05-09' }), 'Europe/Rome', NOW)).toBeNull();
    expect(activeTourStep(user({ trialEnd: null }), 'Europe/Rome', NOW)).toBeNull();
    expect(activeTourStep(user({ role: 'user' }), 'Europe/Rome', NOW)).toBeNull();
    expect(activeTourStep(undefined, 'Europe/Rome')).toBeNull();
  });

  it('counts the last trial day, in the company time zone', () => {
    expect(activeTourStep(user({ trialEnd: '2030-05-10' }), 'Europe/Rome', NOW)).toBe(0);
    // 23:30 UTC on the 9th is already the 10th in Rome
    expect(
      activeTourStep(user({ trialEnd: '2030-05-09' }), 'Europe/Rome', new Date('2030-05-09T23:30:00Z')),
    ).toBeNull();
  });
});

describe('tour pages', () => {
  const existing = new Set(['/', '/company', '/options']);
  it('keeps only pages that exist, and falls back to the landing, /interventions', () => {
    expect(allowedPages(0, existing)).toEqual(['/company']);
    expect(allowedPages(10, existing)).toEqual(['/company']);
    expect(allowedPages(20, existing)).toEqual(['/options', '/company']);
    expect(allowedPages(0, new Set(['/']))).toEqual(['/interventions']);
    expect(tourStartUrl(0, () => 0, new Set(['/']))).toBe('/interventions?first-access=true&q=0');
  });

  it('tells allowed paths apart', () => {
    expect(isAllowed(0, '/company', existing)).toBe(true);
    expect(isAllowed(0, '/company/', existing)).toBe(true);
    expect(isAllowed(0, '/', existing)).toBe(false);
    expect(isAllowed(0, '/companyx', existing)).toBe(false);
    expect(isAllowed(20, '/options', existing)).toBe(true);
  });

  it('starts at the first allowed page with first-access=true and q from 0 to 999', () => {
    expect(tourStartUrl(0, () => 0, existing)).toBe('/company?first-access=true&q=0');
    expect(tourStartUrl(20, () => 0.9999, existing)).toBe('/options?first-access=true&q=999');
    expect(tourStartUrl(0, () => 0.4567, existing)).toBe('/company?first-access=true&q=456');
  });
});
