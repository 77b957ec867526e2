import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICES } from '@fs/contract';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Session = { token: string; deviceId: string };
const estimate = (s: Session, body: unknown) => call(t.app, 'POST', '/api/options/option/estimate', { ...s, body });
const confirm = (s: Session, body: unknown) => call(t.app, 'POST', '/api/options/option/confirm', { ...s, body });
const geoOf = async (s: Session) =>
  ((await call(t.app, 'GET', '/api/options/options', s)).json.items as any[]).find(
    (i) => i.category === 'geolocalizzazione',
  );
const card = (number: string) => ({
  number,
  exp_month: 12,
  exp_year: new Date().getFullYear() + 2,
  cvc: '123',
  holder: 'Ada Admin',
});

describe('paid options', () => {
  it('are quoted and bought only by administrators; technicians are refused', async () => {
    const c = await createCompany(t);
    const tech = await c.login('tech');
    expect((await estimate(tech, { option: 'geolocalizzazione' })).status).toBe(403);
    expect((await confirm(tech, { option: 'geolocalizzazione', paymentMethod: 'bank_transfer' })).status).toBe(403);
    const bad = await estimate(await c.login('admin'), { option: 'nessuna' });
    expect([bad.status, bad.json.code]).toEqual([400, 'VALIDATION']);
  });

  it('an admin gets a quote with the option line, buys by bank transfer, then may switch it on', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const q = await estimate(s, { option: 'geolocalizzazione', billingPeriod: 'yearly' });
    expect(q.status).toBe(200);
    const line = q.json.estimate[0].lines.find((l: any) => l.type === 'option:geolocalizzazione');
    expect(line).toMatchObject({ quantity: 1, unit_cents: PRICES['option:geolocalizzazione'].yearly });
    expect(q.json.estimate[0].total_cents).toBeGreaterThanOrEqual(line.amount_cents);
    expect((await geoOf(s)).abilitazione).toBe(false);

    const bought = await confirm(s, {
      option: 'geolocalizzazione',
      billingPeriod: 'yearly',
      paymentMethod: 'bank_transfer',
    });
    expect(bought.status).toBe(200);
    expect(bought.json.item.status).toBe('pending_transfer');
    expect((await geoOf(s)).abilitazione).toBe(true);
    const on = await call(t.app, 'POST', '/api/options/options/confirm', {
      ...s,
      body: { items: [{ category: 'geolocalizzazione', subcategory: 'enabled', value: '1' }] },
    });
    expect(on.status).toBe(200);
    // bought once
    expect((await estimate(s, { option: 'geolocalizzazione' })).status).toBe(409);
  });

  it('by card: a declined card buys nothing; a good one activates the option', async () => {
    const c = await createCompany(t);
    const s = await c.login('admin');
    const declined = await confirm(s, { option: 'trasferte', paymentMethod: 'card', card: card('4000000000000002') });
    expect(declined.status).toBe(402);
    expect(
      ((await call(t.app, 'GET', '/api/options/options', s)).json.items as any[]).find(
        (i) => i.category === 'trasferte',
      ).abilitazione,
    ).toBe(false);
    const ok = await confirm(s, { option: 'trasferte', paymentMethod: 'card', card: card('4242424242424242') });
    expect([ok.status, ok.json.item.status]).toEqual([200, 'succeeded']);
    expect(
      ((await call(t.app, 'GET', '/api/options/options', s)).json.items as any[]).find(
        (i) => i.category === 'trasferte',
      ).abilitazione,
    ).toBe(true);
  });
});
